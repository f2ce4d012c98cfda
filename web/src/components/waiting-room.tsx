import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeToWaitingRoom, waitingRoomState } from '../lib/waiting-room';

/**
 * Shown while an operation waits out the server's admission control (lib/waiting-room.ts): the place in
 * the queue, the seconds left, and that what was entered is kept. The screen below stays as it is.
 */
export function WaitingRoom() {
  const { t } = useTranslation('common');
  const state = useSyncExternalStore(subscribeToWaitingRoom, waitingRoomState, () => undefined);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!state) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [state]);
  if (!state) return null;
  const seconds = Math.max(0, Math.ceil((state.until - now) / 1000));
  return (
    <div className="waiting-room-region">
      <section className="waiting-room" role="status" aria-live="polite" aria-labelledby="waiting-room-title" data-testid="waiting-room">
        <h2 id="waiting-room-title" className="waiting-room-title">
          {t('waitingRoom.title')}
        </h2>
        <p>{t('waitingRoom.kept')}</p>
        <p className="waiting-room-figures">
          <span data-testid="waiting-room-place">{t('waitingRoom.place', { place: state.ahead + 1 })}</span>
          <span data-testid="waiting-room-wait">{seconds > 0 ? t('waitingRoom.wait', { seconds }) : t('waitingRoom.sending')}</span>
        </p>
      </section>
    </div>
  );
}
