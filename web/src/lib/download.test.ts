import { describe, expect, it, vi } from 'vitest';
import { downloadExport, downloadWithProgress, EXPORT_CHECK_HEADER, fileNameOfDisposition, formatBytes, type DownloadProgress } from './download';
import { createRequestClient, RequestError } from './request';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

function clientAnswering(response: Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const client = createRequestClient({ baseUrl: '/apis' }, (input, init) => {
    calls.push({ url: String(input), init });
    return Promise.resolve(response);
  });
  return { client, calls };
}

describe('downloadWithProgress', () => {
  it('reports the bytes as they arrive with the announced rows, and returns the whole file with its name', async () => {
    const { client, calls } = clientAnswering(
      new Response(streamOf(['abc', 'defg', 'h']), {
        headers: { 'content-type': 'application/zip', 'x-total-count': '42', 'content-disposition': "attachment; filename=\"badges-2026-11-23.zip\"; filename*=UTF-8''%E8%AF%81%E4%BB%B6-2026-11-23.zip" },
      }),
    );
    const seen: DownloadProgress[] = [];
    const file = await downloadWithProgress('/apis/files/exports/badges.zip?status=PENDING', (progress) => seen.push(progress), undefined, client);
    expect(calls[0]?.url).toBe('/apis/files/exports/badges.zip?status=PENDING');
    expect(seen).toEqual([
      { bytes: 0, totalRows: 42 },
      { bytes: 3, totalRows: 42 },
      { bytes: 7, totalRows: 42 },
      { bytes: 8, totalRows: 42 },
    ]);
    expect(file.fileName).toBe('证件-2026-11-23.zip');
    expect(file.blob.size).toBe(8);
    expect(file.blob.type).toBe('application/zip');
    expect(await file.blob.text()).toBe('abcdefgh');
  });

  it('leaves the rows unknown without the header', async () => {
    const { client } = clientAnswering(new Response(streamOf(['x']), { headers: { 'content-type': 'text/plain' } }));
    const seen: DownloadProgress[] = [];
    const file = await downloadWithProgress('/apis/files/exports/badges.xlsx', (progress) => seen.push(progress), undefined, client);
    expect(seen.at(-1)).toEqual({ bytes: 1, totalRows: null });
    expect(file.fileName).toBe('badges.xlsx');
  });

  it('throws the server refusal with its code', async () => {
    const { client } = clientAnswering(new Response(JSON.stringify({ message: '无权访问', reason: 'FORBIDDEN', code: 'FORBIDDEN' }), { status: 403, headers: { 'content-type': 'application/json' } }));
    const failure = downloadWithProgress('/apis/files/exports/badges.xlsx', () => undefined, undefined, client);
    await expect(failure).rejects.toBeInstanceOf(RequestError);
    await expect(failure).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'FORBIDDEN' });
  });
});

describe('fileNameOfDisposition', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameOfDisposition("attachment; filename=\"a.xlsx\"; filename*=UTF-8''%E4%B8%AD.xlsx", 'f')).toBe('中.xlsx');
    expect(fileNameOfDisposition('attachment; filename="a.xlsx"', 'f')).toBe('a.xlsx');
    expect(fileNameOfDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'f')).toBe('f');
    expect(fileNameOfDisposition(null, 'f')).toBe('f');
  });
});

describe('formatBytes', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect(formatBytes(850)).toBe('850 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(4.5 * 1024 * 1024)).toBe('4.5 MB');
  });
});

describe('downloadExport', () => {
  it('asks the server first and lets the browser download the link once it agrees', async () => {
    const { client, calls } = clientAnswering(new Response(null, { status: 204 }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    try {
      await downloadExport('/apis/files/exports/audit-log.xlsx?actions=auth.login', client);
    } finally {
      click.mockRestore();
    }
    expect(calls[0]?.url).toBe('/apis/files/exports/audit-log.xlsx?actions=auth.login');
    expect(new Headers(calls[0]?.init?.headers).get(EXPORT_CHECK_HEADER)).toBe('1');
    expect(clicked).toEqual(['/apis/files/exports/audit-log.xlsx?actions=auth.login']);
  });

  it('throws the refusal for the page to show, and downloads nothing', async () => {
    const { client } = clientAnswering(
      new Response(JSON.stringify({ message: 'At most 2 exports at once', reason: 'CONFLICT', code: 'EXPORT_TOO_MANY_AT_ONCE' }), { status: 429, headers: { 'content-type': 'application/json' } }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    try {
      const refused = await downloadExport('/apis/files/exports/products.xlsx', client).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RequestError);
      expect((refused as RequestError).code).toBe('EXPORT_TOO_MANY_AT_ONCE');
      expect(click).not.toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });
});
