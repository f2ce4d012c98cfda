import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): the phone layouts (a drawer menu, stacked cards). */
const NARROW_SCREEN = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_SCREEN).matches;
/** Pre-rendered HTML and its hydration assume a wide screen; the screen's own value follows right after. */
const onServer = () => false;

/**
 * Whether the screen is phone-sized, following resizes and rotations; antd's `Grid.useBreakpoint().md === false`
 * without antd (DESIGN §7), and right from the first render (antd's hook knows only after an effect).
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, onServer);
}
