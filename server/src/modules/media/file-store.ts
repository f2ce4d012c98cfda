/**
 * Where uploaded files live (DESIGN §2, §6): a private local directory by default, an S3-compatible
 * bucket in production. Never a public or static folder: files are served only through authorised
 * routes that read them from here.
 *
 *   interface FileStore {
 *     put(key, body: Buffer, contentType): Promise<void>
 *     get(key, range?): Promise<StoredFile | null>  // body as a stream (the bytes start..end when a range is given); null when missing
 *     getBuffer(key): Promise<Buffer | null>
 *     delete(key): Promise<void>                     // idempotent
 *     check(): Promise<void>                         // the store is reachable and writable (readiness)
 *   }
 *   newFileKey(kind: string, extension = 'jpg'): string   // "photo/2025/04/<uuid>.jpg", random, no user data
 *   new LocalFileStore(join(config.DATA_DIR, 'files'))
 *   new S3FileStore({ bucket, region?, endpoint?, forcePathStyle?, accessKeyId?, secretAccessKey? })
 *   createFileStore({ dataDir, s3? })                     // S3 when s3.bucket is set, else local
 *
 * Keys are validated (lower-case letters, digits, '-', '_', '.', '/' separated segments, no '..'),
 * so a key can never leave the store's directory.
 */
import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

export interface StoredFile {
  body: Readable;
  contentType: string;
  /** Bytes in `body`. */
  size: number;
  /** When a range was asked: the bytes sent (inclusive, clamped to the file) and the whole file's size. */
  range?: { start: number; end: number; total: number };
}

/** Bytes `start` to `end` inclusive (HTTP's convention); `end` past the file's end means "to the end". */
export interface ByteRange {
  start: number;
  end: number;
}

/** A range that starts at or past the end of the file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {}

export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  check(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/;

export function assertFileKey(key: string): void {
  if (key.length > 300 || !KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
  }
}

/** A fresh random key, grouped by kind and month: `photo/2025/04/<uuid>.jpg`. */
export function newFileKey(kind: string, extension = 'jpg', now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${kind}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
  assertFileKey(key);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The local store keeps no side files: the content type follows the key's extension. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Files under one private directory (DATA_DIR/files by default). */
export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid file key: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // Write then rename, so that a reader never sees half a file.
    const temporary = `${path}.${randomUUID()}.partial`;
    await writeFile(temporary, body, { mode: 0o600 });
    try {
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const contentType = contentTypeOfKey(key);
      if (!range) return { body: createReadStream(path), contentType, size: info.size };
      if (range.start >= info.size) throw new RangeNotSatisfiableError(`bytes ${range.start}- of ${info.size}`);
      const end = Math.min(range.end, info.size - 1);
      return { body: createReadStream(path, { start: range.start, end }), contentType, size: end - range.start + 1, range: { start: range.start, end, total: info.size } };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.W_OK);
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

export interface S3FileStoreOptions {
  bucket: string;
  region?: string;
  /** For MinIO, Aliyun OSS, Tencent COS and other S3-compatible services. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Omit both to use the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, e.g. "portal/". */
  prefix?: string;
}

type S3Sdk = typeof S3Module;

/**
 * A private S3-compatible bucket (no public ACLs are ever set). The SDK is loaded on first use, so
 * that a deployment on the local store never loads it. Tested over the wire against s3rver
 * (`file-store.s3.test.ts`).
 */
export class S3FileStore implements FileStore {
  private sdk: Promise<{ s3: S3Sdk; client: S3Client }> | null = null;

  constructor(private readonly options: S3FileStoreOptions) {}

  private connect(): Promise<{ s3: S3Sdk; client: S3Client }> {
    const { options } = this;
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region ?? 'us-east-1',
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
      }),
    }));
    return this.sdk;
  }

  private objectKey(key: string): string {
    assertFileKey(key);
    return `${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const { s3, client } = await this.connect();
    try {
      const object = await client.send(
        new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      const file: StoredFile = { body: object.Body, contentType: object.ContentType ?? contentTypeOfKey(key), size: object.ContentLength ?? 0 };
      // "bytes 0-9/1234": what the bucket sent of how much.
      const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
      if (range && sent) file.range = { start: Number(sent[1]), end: Number(sent[2]), total: Number(sent[3]) };
      return file;
    } catch (error) {
      if (error instanceof s3.NoSuchKey) return null;
      if (error instanceof s3.S3ServiceException && error.name === 'InvalidRange') throw new RangeNotSatisfiableError(`${key}: ${error.message}`);
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const file = await this.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  /** HeadBucket: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.HeadBucketCommand({ Bucket: this.options.bucket }));
  }
}

/** The store the configuration asks for: S3 when a bucket is named, else DATA_DIR/files. */
export function createFileStore(options: { dataDir: string; s3?: S3FileStoreOptions | undefined }): FileStore {
  if (options.s3?.bucket) return new S3FileStore(options.s3);
  return new LocalFileStore(join(options.dataDir, 'files'));
}
