import { Alert, App, Button, Card, Empty, Flex, Input, List, Tag, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveBlob } from '../../../lib/download';
import { printPdf } from '../../../lib/print-pdf';
import { useErrorText } from '../../../lib/use-error-text';
import { badgePdf } from '../api/badge-pdfs';
import { useKioskHolder } from '../api/kiosk-holder';
import { useKioskLookup, type KioskTicket } from '../api/kiosk-lookup';
import './badge-kiosk-page.css';

/**
 * /wo/ticket/kiosk (the ticket office): the on-site badge counter, full screen. A USB scanner types the
 * QR's text into the field and presses Enter (or staff type a ticket number or a name); staff compare the
 * holder's photo (an audited face-check view) with the person, then print: the PDF goes to the browser's
 * print flow, which Chromium's --kiosk-printing sends to the printer without a dialog.
 */
export function BadgeKioskPage({ ticketListPath }: { ticketListPath: string }) {
  const { t } = useTranslation('badge-print');
  const errorText = useErrorText();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [chosen, setChosen] = useState<KioskTicket | null>(null);
  const found = useKioskLookup(query);
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  // A single match (a scanned QR names one ticket) is chosen at once.
  const only = found.data?.length === 1 ? found.data[0] : undefined;
  useEffect(() => {
    if (only) setChosen(only);
  }, [only]);

  const next = () => {
    setText('');
    setQuery(null);
    setChosen(null);
    input.current?.focus();
  };

  return (
    <div className="badge-kiosk" data-testid="badge-kiosk">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {t('kiosk.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Button onClick={() => (fullScreen ? document.exitFullscreen() : document.documentElement.requestFullscreen())} data-testid="badge-kiosk-full-screen">
            {fullScreen ? t('kiosk.exitFullScreen') : t('kiosk.fullScreen')}
          </Button>
          <Link to={ticketListPath}>{t('kiosk.back')}</Link>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t('kiosk.intro')}</Typography.Paragraph>
      <Input.Search
        ref={input}
        autoFocus
        size="large"
        allowClear
        aria-label={t('kiosk.query')}
        placeholder={t('kiosk.query')}
        enterButton={t('kiosk.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => {
          setChosen(null);
          setQuery(value.trim() || null);
        }}
        data-testid="badge-kiosk-query"
      />
      {found.isError ? <Alert type="error" showIcon title={errorText(found.error)} /> : null}
      <div className="badge-kiosk-body">
        {query !== null && found.data && found.data.length !== 1 ? (
          <Card title={t('kiosk.results')} className="badge-kiosk-results">
            {found.data.length === 0 ? (
              <Empty description={t('kiosk.none')} data-testid="badge-kiosk-none" />
            ) : (
              <List
                dataSource={found.data}
                renderItem={(ticket) => (
                  <List.Item
                    actions={[
                      <Button key="choose" onClick={() => setChosen(ticket)} data-testid="badge-kiosk-choose">
                        {t('kiosk.choose')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta title={ticket.holderName} description={[ticket.organization, ticket.externalCode].filter(Boolean).join(' · ')} />
                  </List.Item>
                )}
                data-testid="badge-kiosk-results"
              />
            )}
          </Card>
        ) : null}
        {chosen ? <Holder key={chosen.id} ticket={chosen} onDone={next} /> : null}
      </div>
    </div>
  );
}

function Holder({ ticket, onDone }: { ticket: KioskTicket; onDone: () => void }) {
  const { t } = useTranslation(['badge-print', 'ticket-office']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const holder = useKioskHolder(ticket.id);
  const [busy, setBusy] = useState(false);
  const [pdf, setPdf] = useState<Awaited<ReturnType<typeof badgePdf>> | null>(null);
  const photo = holder.data?.ticketFaceCheck.entryPhoto;
  const printedBefore = holder.data?.badgePrints.length ?? 0;
  const valid = ticket.status === 'VALID';
  return (
    <Card className="badge-kiosk-holder" data-testid="badge-kiosk-holder">
      <Flex gap={24} wrap align="flex-start">
        <div className="badge-kiosk-photo">
          {photo ? <img src={photo.url} alt={t('kiosk.photo', { name: ticket.holderName })} data-testid="badge-kiosk-photo" /> : <Typography.Text type="secondary">{t('kiosk.noPhoto')}</Typography.Text>}
        </div>
        <Flex vertical gap={8} style={{ flex: '1 1 240px' }}>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="badge-kiosk-name">
            {ticket.holderName}
          </Typography.Title>
          <Flex gap={4} wrap>
            <Tag>{t(`ticket-office:kind.${ticket.kind}`)}</Tag>
            <Tag color={valid ? 'green' : 'red'}>{t(`ticket-office:status.${ticket.status}`)}</Tag>
          </Flex>
          {ticket.organization ? <Typography.Text>{ticket.organization}</Typography.Text> : null}
          {holder.isError ? <Alert type="error" showIcon title={errorText(holder.error)} /> : null}
          {printedBefore > 0 ? (
            <Alert type="warning" showIcon title={t('kiosk.printedBefore', { count: printedBefore })} data-testid="badge-kiosk-printed-before" />
          ) : (
            <Typography.Text type="secondary" data-testid="badge-kiosk-printed-before">
              {holder.isPending ? '…' : t('kiosk.neverPrinted')}
            </Typography.Text>
          )}
          {/* The holder chose the counter check (decision 0209): the ID document is compared in person, no face comparison. */}
          {ticket.counterCheck ? <Alert type="info" showIcon title={t('kiosk.counterCheck')} data-testid="badge-kiosk-counter-check" /> : null}
          {valid ? ticket.counterCheck ? null : <Typography.Text strong>{t('kiosk.compare')}</Typography.Text> : <Alert type="warning" showIcon title={t('kiosk.notValid')} />}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              size="large"
              disabled={!valid || holder.isPending}
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  const printed = await badgePdf(ticket.id);
                  setPdf(printed);
                  printPdf(printed.blob);
                  void message.success(t('kiosk.printed', { name: ticket.holderName }));
                } catch (error) {
                  void message.error(errorText(error));
                } finally {
                  setBusy(false);
                }
              }}
              data-testid="badge-kiosk-print"
            >
              {busy ? t('kiosk.printing') : t('kiosk.print')}
            </Button>
            {pdf ? (
              <Button size="large" onClick={() => saveBlob(pdf)} data-testid="badge-kiosk-download">
                {t('kiosk.download')}
              </Button>
            ) : null}
            <Button size="large" onClick={onDone} data-testid="badge-kiosk-next">
              {t('kiosk.next')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
