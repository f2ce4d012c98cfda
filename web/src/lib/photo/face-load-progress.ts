/**
 * How far face-api's loading has come (lib/photo/face-detector.ts reports, the photo field shows it): a small module
 * of its own, so that the photo field can follow the loading without face-detector joining its chunk.
 * `downloading` the face component and its model, `preparing` the detector (tfjs's backend: on a busy phone the long
 * part), `ready`; `failed` until the next attempt.
 */
export type FaceLoadStage = 'idle' | 'downloading' | 'preparing' | 'ready' | 'failed';

let stage: FaceLoadStage = 'idle';
const listeners = new Set<() => void>();

export function reportFaceLoadStage(next: FaceLoadStage): void {
  stage = next;
  for (const listener of listeners) listener();
}

export function faceLoadStage(): FaceLoadStage {
  return stage;
}

export function subscribeToFaceLoad(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts loading face-api when the browser is idle (a page with a photo field opens), so the first check need not wait. */
export function prefetchFaceApiWhenIdle(): () => void {
  const start = () => {
    if (stage === 'idle' || stage === 'failed') void import('./face-detector').then((detector) => detector.loadFaceApi()).catch(() => undefined);
  };
  // Safari has no requestIdleCallback: a second after the page opens instead.
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(start, 1_000);
    return () => clearTimeout(timer);
  }
  // At the latest after 5 s: a page that keeps the main thread busy still starts before the visitor picks a photo.
  const handle = window.requestIdleCallback(start, { timeout: 5_000 });
  return () => window.cancelIdleCallback(handle);
}
