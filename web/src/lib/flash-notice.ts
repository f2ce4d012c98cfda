import { useEffect, useRef } from 'react';

/**
 * A confirmation that outlives the screen it was said on (SPEC 9: a notice at the top): the screen that moves
 * on leaves the translated text here, and the next screen that shows notices says it once. A notice shown just
 * before navigating would go with the screen (antd's message holder, the plain notice) when the next one is
 * built differently. Kept in memory, not in the history entry: a guard's redirect on the way (the session that
 * just ended) replaces the entry, and a reload should not repeat it.
 */
let pending: string | undefined;

/** Leaves a confirmation for the next screen. */
export function flashOnNextScreen(text: string): void {
  pending = text;
}

/** Says the confirmation left by the previous screen, once, with this screen's own notice. */
export function useFlashNotice(show: (text: string) => void): void {
  const showLatest = useRef(show);
  showLatest.current = show;
  useEffect(() => {
    if (pending === undefined) return;
    const text = pending;
    pending = undefined;
    showLatest.current(text);
  }, []);
}
