import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): the layouts' phone form (compact header, drawer menu). */
const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the viewport is a phone's, kept current on resize and rotation; without antd's Grid (DESIGN §7). */
export function useMobileLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
