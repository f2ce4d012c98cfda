import { readBody, request, toRequestError, type RequestClient } from './request';

/** How far a download has come: bytes so far, and the rows the server announced (X-Total-Count), if any. */
export interface DownloadProgress {
  bytes: number;
  totalRows: number | null;
}

export interface Downloaded {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, else the plain `filename`. */
export function fileNameOfDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a streamed file with the session cookie, reading it chunk by chunk so that the caller can
 * show its progress (an export's size is unknown until it ends), and returns it whole as a blob.
 */
export async function downloadWithProgress(url: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal, client: RequestClient = request): Promise<Downloaded> {
  const response = await client(url, { baseUrl: '', raw: true, signal });
  // A refusal (401, 403, a bad filter) is the server's {message, reason, code}, as for every request.
  if (!response.ok) throw toRequestError(response, await readBody(response));
  const counted = Number(response.headers.get('x-total-count'));
  const totalRows = response.headers.has('x-total-count') && Number.isInteger(counted) && counted >= 0 ? counted : null;
  const fileName = fileNameOfDisposition(response.headers.get('content-disposition'), url.split('?')[0]?.split('/').pop() ?? 'download');
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ bytes, totalRows });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress({ bytes, totalRows });
    }
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** The header that makes an export's request a check: 204, or the refusal the download would get (server lib/xlsx-stream.ts). */
export const EXPORT_CHECK_HEADER = 'x-export-check';

/**
 * Downloads a streamed export as the browser downloads a link, to disk whatever its size, after asking
 * the server whether it would send it now: a refusal (too many exports at once, no right, a bad filter)
 * is thrown as the server's RequestError for the page to show, instead of a failed browser download.
 */
export async function downloadExport(url: string, client: RequestClient = request): Promise<void> {
  const check = await client(url, { baseUrl: '', raw: true, headers: { [EXPORT_CHECK_HEADER]: '1' } });
  if (!check.ok) throw toRequestError(check, await readBody(check));
  clickLink(url, '');
}

function clickLink(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a downloaded blob to the browser as a file ("Save as"). */
export function saveBlob({ blob, fileName }: Downloaded): void {
  const href = URL.createObjectURL(blob);
  clickLink(href, fileName);
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** A byte count for people: `850 B`, `12.3 KB`, `4.5 MB` (units are the same in both languages). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
