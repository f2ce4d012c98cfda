import { useCallback, useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): the phone layouts (a drawer menu, stacked cards). */
const NARROW_SCREEN = '(max-width: 767.98px)';
/** A finger is the main pointer: a phone or a tablet, where a file input can open the camera. */
const TOUCH_SCREEN = '(pointer: coarse)';

/** Pre-rendered HTML and its hydration assume a wide screen and a mouse; the screen's own value follows right after. */
const onServer = () => false;

/** Whether a media query matches, following its changes, right from the first render after hydration. */
function useMediaMatch(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, onServer);
}

/**
 * Whether the screen is phone-sized, following resizes and rotations; antd's `Grid.useBreakpoint().md === false`
 * without antd (DESIGN §7), and right from the first render (antd's hook knows only after an effect).
 */
export function useNarrowScreen(): boolean {
  return useMediaMatch(NARROW_SCREEN);
}

/** Whether the main pointer is a finger (phones, tablets): where taking a photo with the camera is offered. */
export function useTouchScreen(): boolean {
  return useMediaMatch(TOUCH_SCREEN);
}
