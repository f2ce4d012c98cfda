import { useTranslation } from 'react-i18next';
import { StatusIcon } from '../../../components/plain/status-icon';
import { formatDateTime } from '../../../lib/format/date-time';
import type { TicketSource } from '../lib/use-ticket-on-device';
import { useInstallPrompt } from '../lib/use-installable-ticket';

/** One line under the ticket: whether it will open with no network and since when, or that it is the saved copy. */
export function TicketOnDeviceNotice({ source }: { source: TicketSource }) {
  const { t } = useTranslation('visitor');
  const install = useInstallPrompt();
  const line = (() => {
    switch (source.kind) {
      case 'saving':
        return { status: 'info', text: t('ticket.onDevice.saving') } as const;
      case 'ready':
        return { status: 'success', text: t('ticket.onDevice.ready', { time: formatDateTime(source.savedAt) }) } as const;
      case 'unavailable':
        return { status: 'info', text: t('ticket.onDevice.unavailable') } as const;
      case 'offline':
        return { status: 'warning', text: t('ticket.onDevice.offline', { time: formatDateTime(source.savedAt) }) } as const;
    }
  })();
  return (
    <div className="ticket-on-device" role="status" data-testid="ticket-on-device" data-source={source.kind}>
      <StatusIcon status={line.status} />
      <span className="ticket-on-device-text">{line.text}</span>
      {install && source.kind === 'ready' && (
        <button type="button" className="plain-button ticket-install" onClick={install} data-testid="ticket-install">
          {t('ticket.onDevice.install')}
        </button>
      )}
    </div>
  );
}
