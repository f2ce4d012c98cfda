import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrPathOf, type QrCodeDrawing } from '@portal/shared/ticket/qr-path';
import { rotatingCode, rotatingQrText, windowEndsAt } from '@portal/shared/ticket/rotating-code';
import type { encode as Encode } from 'uqr';
import { QrCode } from '../../../components/qr-code';
import { loadQrEncoder } from '../lib/qr-encoder';

/** The QR text of the window of `atMs` and its drawing (error correction M, as the gates are set up for). */
function drawingAt(encode: typeof Encode, token: string, secret: string, period: number, atMs: number) {
  const text = rotatingQrText(token, rotatingCode(secret, atMs, period));
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  return { text, drawing: qrPathOf(size, (row, column) => data[row]?.[column] === true) };
}

/**
 * A rotating ticket's QR (DESIGN §6): drawn in the browser from the token, the ticket's secret and the period,
 * redrawn when each window ends, with the seconds left. It needs nothing but these and the clock, so it keeps
 * rotating with no network once the page has its data.
 */
export function RotatingQrCode({ token, secret, period, holderName }: { token: string; secret: string; period: number; holderName: string }) {
  const { t } = useTranslation('visitor');
  const [now, setNow] = useState(() => Date.now());
  const [encode, setEncode] = useState<typeof Encode>();

  useEffect(() => {
    let live = true;
    void loadQrEncoder().then((loaded) => {
      if (live) setEncode(() => loaded);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // Once a second: the countdown; the QR changes when the window does.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const secondsLeft = Math.max(1, Math.ceil((windowEndsAt(now, period) - now) / 1000));
  const current: { text: string; drawing: QrCodeDrawing } | undefined = encode ? drawingAt(encode, token, secret, period, now) : undefined;
  return (
    <div className="rotating-qr" data-testid="ticket-rotating-qr">
      {current ? (
        <QrCode token={current.text} drawing={current.drawing} holderName={holderName} ns="visitor" />
      ) : (
        <div className="rotating-qr-placeholder" aria-busy="true" />
      )}
      <p className="plain-text-secondary rotating-qr-hint" data-testid="ticket-rotating-hint">
        {t('ticket.rotatingHint', { period, left: secondsLeft })}
      </p>
    </div>
  );
}
