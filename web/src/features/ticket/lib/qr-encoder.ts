import type { encode as Encode } from 'uqr';

let encoder: Promise<typeof Encode> | undefined;

/**
 * The QR encoder's chunk, loaded with the first rotating ticket (a static ticket's QR is drawn by the server); the
 * ticket saved for use with no network waits for it, so that the page's saved files hold it.
 */
export function loadQrEncoder(): Promise<typeof Encode> {
  return (encoder ??= import('uqr').then((module) => module.encode));
}
