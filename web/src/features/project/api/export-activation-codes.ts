import { activationCodeFilterToSearch, type TActivationCodeFilter } from '@portal/shared/activation-code/activation-code.schema';
import { PORTAL_CLIENT_HEADER, PORTAL_CLIENT_VALUE, readBody, toRequestError } from '../../../lib/request';

export const EXPORT_PATH = '/apis/files/exports/activation-codes.xlsx';

/** The file name the server proposes (RFC 5987 `filename*`), or a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : 'activation-codes.xlsx';
}

/**
 * Downloads the filtered list as the server streams it, reporting the bytes received, then hands the
 * file to the browser.
 */
export async function exportActivationCodes(filter: TActivationCodeFilter, onProgress: (bytes: number) => void): Promise<void> {
  const search = activationCodeFilterToSearch(filter);
  const response = await fetch(search ? `${EXPORT_PATH}?${search}` : EXPORT_PATH, { credentials: 'same-origin', headers: { [PORTAL_CLIENT_HEADER]: PORTAL_CLIENT_VALUE } });
  if (!response.ok || !response.body) throw toRequestError(response, await readBody(response));
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
