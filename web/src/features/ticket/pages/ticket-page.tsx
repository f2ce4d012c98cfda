import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PlainAlert } from '../../../components/plain/alert';
import { PlainCard } from '../../../components/plain/card';
import { PlainResult } from '../../../components/plain/result';
import { PlainTag } from '../../../components/plain/tag';
import { QrCode } from '../../../components/qr-code';
import type { ViewerQuery } from '../../../graphql/operations.generated';
import { formatDay } from '../../../lib/format/date-time';
import { RotatingQrCode } from '../components/rotating-qr-code';
import { TicketLoading } from '../components/ticket-loading';
import { TicketOnDeviceNotice } from '../components/ticket-on-device-notice';
import { useInstallableTicket } from '../lib/use-installable-ticket';
import { useTicketOnDevice } from '../lib/use-ticket-on-device';
import './ticket-page.css';

/**
 * /wa/visitor/ticket (approved visitors): the VIP ticket's QR code, holder, dates and the entry instructions (SPEC 4).
 * Plain markup (ticket-page.css): a visitor opens it on a phone at the gate, without loading antd (DESIGN §7).
 * It is kept on the device each time it is shown and opens from there with no network (useTicketOnDevice), and it
 * can be installed to the home screen (useInstallableTicket).
 */
export function TicketPage({ visitDatePath, viewer }: { visitDatePath: string; viewer: ViewerQuery['viewer'] | undefined }) {
  const { t, i18n, ready } = useTranslation('visitor');
  const { ticket, photoUrl, source, query } = useTicketOnDevice(viewer);
  useInstallableTicket();
  if (!ready || (query.isPending && ticket === undefined)) return <TicketLoading />;
  if (ticket === undefined) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!ticket) {
    return (
      <PlainCard>
        <PlainResult status="info" title={<h1 className="result-title">{t('ticket.title')}</h1>} subTitle={t('ticket.none')} testId="ticket-none" />
      </PlainCard>
    );
  }

  return (
    <div className="ticket-page" data-testid="ticket-page">
      <h1 className="ticket-page-title">{t('ticket.title')}</h1>
      {/* Above the ticket, where the loading state shows it (TicketLoading): the screen's largest paint stays put. */}
      <PlainAlert type="info" title={t('ticket.instruction')} testId="ticket-instruction" />
      <PlainCard className="ticket-card">
        <div className="ticket-card-content">
          {ticket.qrSecret && ticket.qrPeriodSeconds ? (
            <RotatingQrCode token={ticket.token} secret={ticket.qrSecret} period={ticket.qrPeriodSeconds} holderName={ticket.holderName} />
          ) : (
            <QrCode token={ticket.token} drawing={ticket.qr} holderName={ticket.holderName} ns="visitor" />
          )}
          <div className="ticket-details">
            <div className="ticket-holder-row">
              {photoUrl ? (
                <img src={photoUrl} alt={t('ticket.photoAlt', { name: ticket.holderName })} className="visitor-photo" width={72} height={96} data-testid="ticket-photo" />
              ) : null}
              <div>
                <div className="plain-text-secondary">{t('ticket.holder')}</div>
                <h2 className="ticket-holder" data-testid="ticket-holder">
                  {ticket.holderName}
                </h2>
              </div>
            </div>
            <div>
              <div className="plain-text-secondary">{t('ticket.dates')}</div>
              <div className="ticket-dates" data-testid="ticket-dates">
                {ticket.visitDates.length > 0
                  ? ticket.visitDates.map((visit) => (
                      <PlainTag key={visit.day} color={visit.admittedAt ? 'default' : 'blue'} testId={`ticket-date-${visit.day}`}>
                        {formatDay(visit.day, i18n.language)}
                      </PlainTag>
                    ))
                  : t('ticket.noDates')}
              </div>
            </div>
            {source.kind !== 'offline' && (
              <Link to={visitDatePath} className="ticket-change-dates" data-testid="ticket-change-dates">
                {t('ticket.changeDates')}
              </Link>
            )}
          </div>
        </div>
        <TicketOnDeviceNotice source={source} />
      </PlainCard>
    </div>
  );
}
