import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a pre-rendered screen (and in the build's pre-rendering), true in every render after
 * (React renders again once hydration is done): what the browser knows but the pre-rendered markup could not.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
