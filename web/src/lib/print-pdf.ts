import { downloadWithProgress, type Downloaded } from './download';
import { readBody, request, toRequestError } from './request';

let frame: HTMLIFrameElement | null = null;

/** Sent on window before each print with the PDF; a listener that cancels it prints nothing (e2e/badge-printing.e2e.ts). */
export const PRINT_EVENT = 'portal:print-pdf';

/** Fetches a PDF the server draws (a badge, a batch; a preview is POSTed its draft) with the session cookie; a refusal is the server's RequestError. */
export async function fetchPdf(url: string, post?: { body: unknown }): Promise<Downloaded> {
  if (!post) return downloadWithProgress(url, () => undefined);
  const response = await request(url, { baseUrl: '', raw: true, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(post.body) });
  if (!response.ok) throw toRequestError(response, await readBody(response));
  return { blob: await response.blob(), fileName: 'preview.pdf' };
}

/**
 * Opens a PDF in the browser's print flow: a hidden frame loads it and asks to print. Chromium started with
 * `--kiosk-printing` prints it on the default printer without a dialog (the counter's set-up: README).
 * The previous print's frame goes when the next one comes (the print dialog may still read it until then).
 */
export function printPdf(blob: Blob): void {
  // Headless Chromium crashes the page when a frame's PDF is printed: the browser journeys take the PDF here instead.
  if (!window.dispatchEvent(new CustomEvent(PRINT_EVENT, { detail: blob, cancelable: true }))) return;
  if (frame) {
    URL.revokeObjectURL(frame.src);
    frame.remove();
  }
  const printing = document.createElement('iframe');
  printing.title = 'print';
  printing.setAttribute('aria-hidden', 'true');
  printing.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  printing.src = URL.createObjectURL(blob);
  printing.addEventListener('load', () => printing.contentWindow?.print());
  document.body.append(printing);
  frame = printing;
}
