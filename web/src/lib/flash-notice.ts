import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A confirmation that outlives the screen it was said on (SPEC 9: a notice at the top): the screen that
 * navigates puts the translated text in the history entry's state, the next screen shows it once. A notice
 * shown just before navigating would go with the screen (antd's message holder, the plain notice) when the
 * next one is built differently.
 */
interface FlashState {
  flash: string;
}

/** The navigation state that carries a confirmation to the next screen. */
export function flashState(text: string): FlashState {
  return { flash: text };
}

/** Shows the confirmation the opened history entry carries, once (the entry's state is cleared, so a reload does not repeat it). */
export function useFlashNotice(show: (text: string) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const showLatest = useRef(show);
  showLatest.current = show;
  const text = (location.state as Partial<FlashState> | null)?.flash;
  useEffect(() => {
    if (typeof text !== 'string' || shown.current) return;
    shown.current = true;
    showLatest.current(text);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [text, navigate, location.pathname, location.search]);
}
