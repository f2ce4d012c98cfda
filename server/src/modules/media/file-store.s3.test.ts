import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type RunningS3Server } from '../../test/s3-server';
import { RangeNotSatisfiableError, S3FileStore, newFileKey } from './file-store';

// The S3 store over the wire, against s3rver (a real S3-compatible HTTP server, objects on disk) started
// here: the same SDK calls production makes to a bucket.
describe('S3FileStore against an S3-compatible server', () => {
  let s3: RunningS3Server;
  let store: S3FileStore;
  const storeOn = (options: { bucket?: string; accessKeyId?: string } = {}) =>
    new S3FileStore({ bucket: options.bucket ?? 'portal', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: options.accessKeyId ?? S3RVER_CREDENTIALS.accessKeyId, secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey });

  beforeAll(async () => {
    s3 = await startS3Server(['portal']);
    store = storeOn();
  });
  afterAll(() => s3?.close());

  it('puts, gets as a stream or a buffer, and deletes', async () => {
    const key = newFileKey('entry-photo');
    await store.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await store.get(key);
    expect(file).toMatchObject({ contentType: 'image/jpeg', size: 10 });
    expect(file?.range).toBeUndefined();
    expect(await text(file!.body)).toBe('jpeg bytes');
    expect((await store.getBuffer(key))?.toString()).toBe('jpeg bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // idempotent, as S3's DELETE is
  });

  it('reads a range, clamped to the end, and refuses one past it', async () => {
    const key = newFileKey('export', 'csv');
    await store.put(key, Buffer.from('0123456789'), 'text/csv');
    const middle = await store.get(key, { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 4, range: { start: 2, end: 5, total: 10 } });
    expect(await text(middle!.body)).toBe('2345');
    const tail = await store.get(key, { start: 7, end: Number.MAX_SAFE_INTEGER });
    expect(tail).toMatchObject({ size: 3, range: { start: 7, end: 9, total: 10 } });
    expect(await text(tail!.body)).toBe('789');
    await expect(store.get(key, { start: 10, end: 20 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('answers null for a missing key, and is ready only when the bucket is reachable', async () => {
    expect(await store.get(newFileKey('entry-photo'))).toBeNull();
    expect(await store.getBuffer(newFileKey('entry-photo'))).toBeNull();
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('fails loudly on a bucket that does not exist', async () => {
    const missing = storeOn({ bucket: 'no-such-bucket' });
    await expect(missing.put(newFileKey('entry-photo'), Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(missing.get(newFileKey('entry-photo'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(missing.check()).rejects.toThrow();
  });

  // s3rver refuses an unknown access key but does not verify SigV4 signatures (a wrong secret passes):
  // docs/decisions/1005-s3-tests-with-s3rver.md.
  it('fails loudly when the credentials are refused', async () => {
    const refused = storeOn({ accessKeyId: 'NOT-A-KEY' });
    await expect(refused.put(newFileKey('entry-photo'), Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(refused.get(newFileKey('entry-photo'))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(refused.check()).rejects.toThrow();
  });
});
