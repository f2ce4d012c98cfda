import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { PlainAlert } from '../../../components/plain/alert';
// With the entry's styles: the pre-rendered state is laid out before the ticket page's chunk arrives.
import '../pages/ticket-page.css';

/**
 * While the ticket's session, code or data load: the screen's title and entry instruction (static texts, no personal
 * data) where the ticket page shows them, above the spinner. The instruction is the screen's largest element, so the
 * pre-rendered paint is the largest contentful paint (DESIGN §7) and the ticket arrives below it. Shown once its
 * locale file is there (pre-rendered: loaded before the screen is hydrated).
 */
export function TicketLoading() {
  const { t, ready } = useTranslation('visitor');
  return (
    <div className="ticket-page">
      {ready && (
        <>
          <h1 className="ticket-page-title">{t('ticket.title')}</h1>
          <PlainAlert type="info" title={t('ticket.instruction')} />
        </>
      )}
      <PageLoading />
    </div>
  );
}
