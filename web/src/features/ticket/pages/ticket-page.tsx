import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PlainAlert } from '../../../components/plain/alert';
import { PlainCard } from '../../../components/plain/card';
import { PlainResult } from '../../../components/plain/result';
import { PlainTag } from '../../../components/plain/tag';
import { QrCode } from '../../../components/qr-code';
import { formatDay } from '../../../lib/format/date-time';
import { useMyTicket } from '../api/my-ticket';
import { RotatingQrCode } from '../components/rotating-qr-code';
import { TicketLoading } from '../components/ticket-loading';
import './ticket-page.css';

/**
 * /wa/visitor/ticket (approved visitors): the VIP ticket's QR code, holder, dates and the entry instructions (SPEC 4).
 * Plain markup (ticket-page.css): a visitor opens it on a phone at the gate, without loading antd (DESIGN §7).
 */
export function TicketPage({ visitDatePath }: { visitDatePath: string }) {
  const { t, i18n, ready } = useTranslation('visitor');
  const query = useMyTicket();
  if (!ready || query.isPending) return <TicketLoading />;
  if (query.isError) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  }
  const ticket = query.data;
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
              {ticket.photo ? (
                <img src={ticket.photo.url} alt={t('ticket.photoAlt', { name: ticket.holderName })} className="visitor-photo" width={72} height={96} data-testid="ticket-photo" />
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
            <Link to={visitDatePath} className="ticket-change-dates" data-testid="ticket-change-dates">
              {t('ticket.changeDates')}
            </Link>
          </div>
        </div>
      </PlainCard>
    </div>
  );
}
