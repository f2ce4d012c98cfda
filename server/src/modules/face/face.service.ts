/**
 * Server-side face check (SPEC 5: one clear face filling 15–45 % of the picture) and face match
 * (organizer detail: entry-card photo vs ID photo), with @vladmandic/face-api on the tfjs WASM
 * backend in ONE worker thread per process, so that an upload never stalls the event loop.
 *
 *   const faces = new FaceService();                      // nothing starts until first use
 *   await faces.warmUp();                                 // optional: start the worker, load models
 *   await faces.analyse(picture, { descriptor?: true })   // → FaceAnalysis, never throws for a bad face
 *   await faces.check(picture, { descriptor?: true })     // → FaceAnalysis, or throws AppError
 *        FACE_MULTIPLE (more than one face), FACE_NOT_CLEAR (none, or ratio outside 15–45 %)
 *   faces.similarity(descriptorA, descriptorB)            // → score 0..1 (shared faceMatchScore)
 *   await faces.close()                                   // terminates the worker
 *
 * `picture` is any buffer sharp decodes (normally checkPhoto's clean JPEG); a picture sharp cannot
 * decode → PHOTO_READ_ERROR. A worker that crashes, fails to load, or takes longer than
 * `timeoutMs` (`startTimeoutMs` for the first job, which loads the models) → FACE_CHECK_UNAVAILABLE;
 * the worker is then replaced on the next call. Jobs run one at a time; more than `maxQueue` waiting
 * → FACE_CHECK_UNAVAILABLE at once rather than an ever-growing wait.
 *
 * Faces are counted and the ratio measured as shared/src/media/photo-rules.ts describes
 * (summariseFaceDetections): EXIF-oriented picture scaled to ≤ 640 px on its longer side,
 * TinyFaceDetector at input sizes 224 and 416 (min score 0.5), single face box (clipped to the
 * picture) area / picture area. The descriptor comes from the pass that gave the box.
 */
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  FACE_DETECTION_MAX_SIDE,
  FACE_DETECTOR_INPUT_SIZES,
  FACE_DETECTOR_MIN_SCORE,
  PHOTO_MAX_PIXELS,
  faceMatchScore,
  isFaceRatioAllowed,
  summariseFaceDetections,
  type FaceDetection,
} from '@portal/shared/media/photo-rules';
import { AppError } from '../../lib/app-error';

/** A face box relative to the picture (0..1 on each axis, clipped), with the detector's score. */
export type FaceBox = FaceDetection;

export interface FaceAnalysis {
  /** How many faces the detector found at or above the minimum score (see summariseFaceDetections). */
  faces: number;
  boxes: FaceBox[];
  /** Area of the single face's box / area of the picture; null unless exactly one face. */
  ratio: number | null;
  /** 128-d face-api descriptor of the single face, when asked for and exactly one face. */
  descriptor?: Float32Array;
}

export interface FaceServiceOptions {
  /** Per job once the models are loaded. */
  timeoutMs?: number;
  /** The first job of a worker, which also starts tfjs and loads the models. */
  startTimeoutMs?: number;
  maxQueue?: number;
  /** The worker script; tests point it elsewhere to prove crash handling. */
  workerUrl?: URL;
}

/** The messages between this service and face.worker.mjs. */
interface Pixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}
export type FaceWorkerRequest =
  | { id: number; op: 'warm-up' }
  | { id: number; op: 'detect'; job: Pixels & { inputSizes: number[]; minScore: number } }
  | { id: number; op: 'describe'; job: Pixels & { inputSize: number; minScore: number } };
export type FaceWorkerReply = { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; error: string };
interface WorkerResult {
  passes?: FaceDetection[][];
  descriptor?: Float32Array | null;
}
type Request = FaceWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Job {
  request: Request;
  resolve(result: WorkerResult): void;
  reject(error: Error): void;
}

const DEFAULT_WORKER_URL = new URL('./face.worker.mjs', import.meta.url);

export class FaceService {
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly workerUrl: URL;
  private worker: Worker | null = null;
  private warm = false;
  private closed = false;
  private nextId = 1;
  private readonly queue: Job[] = [];
  private running: { id: number; job: Job; timer: NodeJS.Timeout } | null = null;

  constructor(options: FaceServiceOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.maxQueue = options.maxQueue ?? 64;
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
  }

  /** Starts the worker and loads the models now rather than on the first upload. */
  async warmUp(): Promise<void> {
    await this.enqueue({ op: 'warm-up' });
  }

  async analyse(picture: Buffer, options: { descriptor?: boolean } = {}): Promise<FaceAnalysis> {
    const image = await decodeForDetection(picture);
    const minScore = FACE_DETECTOR_MIN_SCORE;
    const { passes = [] } = await this.enqueue({ op: 'detect', job: { ...image, inputSizes: [...FACE_DETECTOR_INPUT_SIZES], minScore } });
    const summary = summariseFaceDetections(passes, image.width, image.height);
    const analysis: FaceAnalysis = { faces: summary.faces, boxes: summary.boxes, ratio: summary.ratio };
    const inputSize = summary.pass === null ? undefined : FACE_DETECTOR_INPUT_SIZES[summary.pass];
    if (options.descriptor && inputSize !== undefined) {
      const { descriptor } = await this.enqueue({ op: 'describe', job: { ...image, inputSize, minScore } });
      if (descriptor) analysis.descriptor = descriptor;
    }
    return analysis;
  }

  /** The authoritative upload check; the browser runs the same rule for instant feedback. */
  async check(picture: Buffer, options: { descriptor?: boolean } = {}): Promise<FaceAnalysis> {
    const analysis = await this.analyse(picture, options);
    if (analysis.faces > 1) throw new AppError('FACE_MULTIPLE');
    if (analysis.ratio === null || !isFaceRatioAllowed(analysis.ratio)) throw new AppError('FACE_NOT_CLEAR');
    return analysis;
  }

  /** Face-match score 0..1 from the euclidean distance of two descriptors (see faceMatchScore). */
  similarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
    return faceMatchScore(euclideanDistance(a, b));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    this.failRunning();
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private enqueue(request: Request): Promise<WorkerResult> {
    if (this.closed || this.queue.length >= this.maxQueue) return Promise.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    return new Promise<WorkerResult>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const timer = setTimeout(() => this.replaceWorker(), this.warm ? this.timeoutMs : this.startTimeoutMs);
    this.running = { id, job, timer };
    // Pixels are copied (≤ 640×640×3 bytes): the describe step may need them again.
    worker.postMessage({ ...job.request, id } satisfies FaceWorkerRequest);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerUrl);
    // The worker never keeps the process alive on its own; close() ends it.
    worker.unref();
    worker.on('message', (reply: FaceWorkerReply) => this.onReply(reply));
    worker.on('error', () => {
      if (this.worker === worker) this.replaceWorker();
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.replaceWorker();
    });
    this.worker = worker;
    this.warm = false;
    return worker;
  }

  private onReply(reply: FaceWorkerReply): void {
    const running = this.running;
    if (!running || running.id !== reply.id) return;
    clearTimeout(running.timer);
    this.running = null;
    if (reply.ok) {
      this.warm = true;
      running.job.resolve(reply.result);
    } else {
      running.job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    }
    this.pump();
  }

  /** A crash, an exit or a timeout: fail the running job, drop the worker, go on with a new one. */
  private replaceWorker(): void {
    this.failRunning();
    const worker = this.worker;
    this.worker = null;
    this.warm = false;
    if (worker) void worker.terminate();
    this.pump();
  }

  private failRunning(): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = null;
    running.job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
  }
}

/** EXIF-oriented RGB pixels, longer side ≤ FACE_DETECTION_MAX_SIDE; decoded by sharp on libuv's pool. */
async function decodeForDetection(picture: Buffer): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  try {
    const { data, info } = await sharp(picture, { limitInputPixels: PHOTO_MAX_PIXELS })
      .rotate()
      .resize({ width: FACE_DETECTION_MAX_SIDE, height: FACE_DETECTION_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch {
    throw new AppError('PHOTO_READ_ERROR');
  }
}

export function euclideanDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new Error('descriptors must have the same, non-zero length');
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
