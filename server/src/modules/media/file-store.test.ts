import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore, RangeNotSatisfiableError, S3FileStore, assertFileKey, createFileStore, newFileKey } from './file-store';

const dataDir = mkdtempSync(join(tmpdir(), 'file-store-'));
const store = new LocalFileStore(join(dataDir, 'files'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('LocalFileStore', () => {
  it('puts, gets as a stream or a buffer, and deletes a file', async () => {
    const key = newFileKey('entry-photo');
    await store.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await store.get(key);
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: 10 });
    expect(await text(file!.body)).toBe('jpeg bytes');
    expect((await store.getBuffer(key))?.toString()).toBe('jpeg bytes');
    expect(statSync(join(store.root, key)).mode & 0o777).toBe(0o600);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.getBuffer(key)).toBeNull();
    await store.delete(key); // idempotent
  });

  it('reads a range, clamped to the end, and refuses one past it', async () => {
    const key = newFileKey('export', 'csv');
    await store.put(key, Buffer.from('0123456789'), 'text/csv');
    const middle = await store.get(key, { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 4, range: { start: 2, end: 5, total: 10 } });
    expect(await text(middle!.body)).toBe('2345');
    expect(await text((await store.get(key, { start: 7, end: 99 }))!.body)).toBe('789');
    await expect(store.get(key, { start: 10, end: 20 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('replaces a file whole and leaves no partial files behind', async () => {
    const key = newFileKey('catalog', 'png');
    await store.put(key, Buffer.from('first'), 'image/png');
    await store.put(key, Buffer.from('second'), 'image/png');
    expect((await store.getBuffer(key))?.toString()).toBe('second');
    const folder = join(store.root, key, '..');
    expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('makes random keys that carry no user data', () => {
    const key = newFileKey('id-photo', 'jpg', new Date('2025-04-10T08:00:00Z'));
    expect(key).toMatch(/^id-photo\/2025\/04\/[0-9a-f-]{36}\.jpg$/);
    expect(newFileKey('id-photo')).not.toBe(newFileKey('id-photo'));
  });

  it.each(['../secret', 'a/../../b', '/etc/passwd', 'Upper/case.jpg', 'a//b', '', 'a/./b', 'a\\b'])('refuses the key %j', async (key) => {
    expect(() => assertFileKey(key)).toThrow();
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(store.get(key)).rejects.toThrow();
  });

  it('lives under DATA_DIR/files unless a bucket is configured', () => {
    const local = createFileStore({ dataDir });
    expect(local).toBeInstanceOf(LocalFileStore);
    expect((local as LocalFileStore).root).toBe(join(dataDir, 'files'));
    expect(createFileStore({ dataDir, s3: { bucket: 'portal', endpoint: 'http://127.0.0.1:9000' } })).toBeInstanceOf(S3FileStore);
  });
});
