/**
 * Server-side face check (SPEC 5: one clear face filling 15–45 % of the picture) and face match
 * (organizer detail: entry-card photo vs ID photo), with @vladmandic/face-api on the tfjs WASM
 * backend in worker threads (`workers`, config FACE_WORKERS), so that an upload never stalls the event loop.
 *
 *   const faces = new FaceService();                      // nothing starts until first use
 *   await faces.warmUp();                                 // optional: start the workers, load models
 *   await faces.analyse(picture, { descriptor?: true })   // → FaceAnalysis, never throws for a bad face
 *   await faces.check(picture, { descriptor?: true })     // → FaceAnalysis, or throws AppError
 *        FACE_MULTIPLE (more than one face), FACE_NOT_CLEAR (none, or ratio outside 15–45 %)
 *   await faces.describeLater(analysis.face, load)        // → descriptor | null, when no check waits
 *   faces.similarity(descriptorA, descriptorB)            // → score 0..1 (shared faceMatchScore)
 *   await faces.close()                                   // terminates the workers
 *
 * `picture` is any buffer sharp decodes (normally checkPhoto's clean JPEG); a picture sharp cannot
 * decode → PHOTO_READ_ERROR. A worker that crashes, fails to load, or takes longer than
 * `timeoutMs` (`startTimeoutMs` for the first job, which loads the models) → FACE_CHECK_UNAVAILABLE;
 * the worker is then replaced on the next call. Each worker runs one job at a time; checks go first,
 * `describeLater` jobs only when no check waits (their picture is loaded and decoded only then). More
 * than `maxQueue` checks (`maxBackground` later jobs) waiting → FACE_CHECK_UNAVAILABLE at once rather
 * than an ever-growing wait. The workers run at a lower scheduling priority than the event loop
 * (lib/thread-priority.mjs), so that requests beside a rush of uploads keep their latency.
 *
 * Faces are counted and the ratio measured as shared/src/media/photo-rules.ts describes
 * (summariseFaceDetections): EXIF-oriented picture scaled to ≤ 640 px on its longer side,
 * TinyFaceDetector at input sizes 224 and 416 (min score 0.5), single face box (clipped to the
 * picture) area / picture area. The descriptor comes from the pass that gave the box: the landmark
 * and recognition nets run on that pass's detection (`face`), without running the detector again.
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
  /** The single face as the detector gave it, for `describeLater`; absent unless exactly one face. */
  face?: DetectedFace;
}

/** A detection as face-api made it (its box relative to the picture), enough to describe the face later. */
export interface DetectedFace {
  score: number;
  relativeBox: { x: number; y: number; width: number; height: number };
}

/** Face workers per process unless told (config FACE_WORKERS): one per core of the 2-core machine (docs/performance.md). */
const FACE_WORKERS = 2;

export interface FaceServiceOptions {
  /** Per job once the models are loaded. */
  timeoutMs?: number;
  /** The first job of a worker, which also starts tfjs and loads the models. */
  startTimeoutMs?: number;
  maxQueue?: number;
  /** `describeLater` jobs waiting at most. */
  maxBackground?: number;
  workers?: number;
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
  | { id: number; op: 'describe'; job: Pixels & { face: DetectedFace } };
export type FaceWorkerReply = { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; error: string };
/** A detection in pixels of the input, with face-api's own relative box. */
type WorkerDetection = FaceDetection & Pick<DetectedFace, 'relativeBox'>;
interface WorkerResult {
  passes?: WorkerDetection[][];
  descriptor?: Float32Array | null;
}
type Request = FaceWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Job {
  /** The request, made when a worker takes the job (a later job decodes its picture only then); null: nothing to do. */
  request(): Promise<Request | null>;
  resolve(result: WorkerResult): void;
  reject(error: Error): void;
}

/** One worker thread and the job it runs. */
interface Slot {
  worker: Worker | null;
  warm: boolean;
  running: { id: number; job: Job; timer: NodeJS.Timeout | null } | null;
}

const DEFAULT_WORKER_URL = new URL('./face.worker.mjs', import.meta.url);

export class FaceService {
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxBackground: number;
  private readonly workerUrl: URL;
  private readonly slots: Slot[];
  private closed = false;
  private nextId = 1;
  private readonly queue: Job[] = [];
  private readonly background: Job[] = [];

  constructor(options: FaceServiceOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.maxQueue = options.maxQueue ?? 64;
    this.maxBackground = options.maxBackground ?? 10_000;
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
    this.slots = Array.from({ length: options.workers ?? FACE_WORKERS }, () => ({ worker: null, warm: false, running: null }));
  }

  /** Starts every worker and loads the models now rather than on the first upload. */
  async warmUp(): Promise<void> {
    await Promise.all(this.slots.map(() => this.enqueue(this.queue, this.maxQueue, async () => ({ op: 'warm-up' }))));
  }

  async analyse(picture: Buffer, options: { descriptor?: boolean } = {}): Promise<FaceAnalysis> {
    const minScore = FACE_DETECTOR_MIN_SCORE;
    // Decoded when a worker takes the job: waiting checks hold their upload, not its pixels.
    let decoded: Pixels | undefined;
    const { passes = [] } = await this.enqueue(this.queue, this.maxQueue, async () => {
      decoded = await decodeForDetection(picture);
      return { op: 'detect', job: { ...decoded, inputSizes: [...FACE_DETECTOR_INPUT_SIZES], minScore } };
    });
    const image = decoded as Pixels;
    const summary = summariseFaceDetections(passes, image.width, image.height);
    const analysis: FaceAnalysis = { faces: summary.faces, boxes: summary.boxes, ratio: summary.ratio };
    const detection = summary.pass === null ? undefined : passes[summary.pass]?.[0];
    if (detection) analysis.face = { score: detection.score, relativeBox: detection.relativeBox };
    const face = analysis.face;
    if (options.descriptor && face) {
      const { descriptor } = await this.enqueue(this.queue, this.maxQueue, async () => ({ op: 'describe', job: { ...image, face } }));
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

  /**
   * The descriptor of a face `analyse` found, computed when no check is waiting: `load` gives the same
   * picture again (null when it is gone) only once a worker takes the job, so a backlog holds no pixels.
   */
  async describeLater(face: DetectedFace, load: () => Promise<Buffer | null>): Promise<Float32Array | null> {
    const { descriptor } = await this.enqueue(this.background, this.maxBackground, async () => {
      const picture = await load();
      return picture ? { op: 'describe', job: { ...(await decodeForDetection(picture)), face } } : null;
    });
    return descriptor ?? null;
  }

  /** Face-match score 0..1 from the euclidean distance of two descriptors (see faceMatchScore). */
  similarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
    return faceMatchScore(euclideanDistance(a, b));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue.splice(0), ...this.background.splice(0)]) job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    await Promise.all(
      this.slots.map(async (slot) => {
        this.failRunning(slot);
        const worker = slot.worker;
        slot.worker = null;
        if (worker) await worker.terminate();
      }),
    );
  }

  private enqueue(queue: Job[], limit: number, request: () => Promise<Request | null>): Promise<WorkerResult> {
    if (this.closed || queue.length >= limit) return Promise.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    return new Promise<WorkerResult>((resolve, reject) => {
      queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  /** Gives each idle worker the next job: a check first, else a later job. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.closed) return;
      if (slot.running) continue;
      const job = this.queue.shift() ?? this.background.shift();
      if (!job) return;
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job): void {
    const id = this.nextId++;
    const running: NonNullable<Slot['running']> = { id, job, timer: null };
    slot.running = running;
    job.request().then(
      (request) => {
        if (slot.running !== running) return;
        if (!request) {
          slot.running = null;
          job.resolve({});
          this.pump();
          return;
        }
        const worker = this.ensureWorker(slot);
        running.timer = setTimeout(() => this.replaceWorker(slot), slot.warm ? this.timeoutMs : this.startTimeoutMs);
        // Pixels are copied (≤ 640×640×3 bytes): the describe step may need them again.
        worker.postMessage({ ...request, id } satisfies FaceWorkerRequest);
      },
      (error: unknown) => {
        if (slot.running !== running) return;
        slot.running = null;
        job.reject(error instanceof Error ? error : new Error(String(error)));
        this.pump();
      },
    );
  }

  private ensureWorker(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(this.workerUrl);
    // The worker never keeps the process alive on its own; close() ends it.
    worker.unref();
    worker.on('message', (reply: FaceWorkerReply) => this.onReply(slot, reply));
    worker.on('error', () => {
      if (slot.worker === worker) this.replaceWorker(slot);
    });
    worker.on('exit', () => {
      if (slot.worker === worker) this.replaceWorker(slot);
    });
    slot.worker = worker;
    slot.warm = false;
    return worker;
  }

  private onReply(slot: Slot, reply: FaceWorkerReply): void {
    const running = slot.running;
    if (!running || running.id !== reply.id) return;
    if (running.timer) clearTimeout(running.timer);
    slot.running = null;
    if (reply.ok) {
      slot.warm = true;
      running.job.resolve(reply.result);
    } else {
      running.job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
    }
    this.pump();
  }

  /** A crash, an exit or a timeout: fail the running job, drop the worker, go on with a new one. */
  private replaceWorker(slot: Slot): void {
    this.failRunning(slot);
    const worker = slot.worker;
    slot.worker = null;
    slot.warm = false;
    if (worker) void worker.terminate();
    this.pump();
  }

  private failRunning(slot: Slot): void {
    const running = slot.running;
    if (!running) return;
    if (running.timer) clearTimeout(running.timer);
    slot.running = null;
    running.job.reject(new AppError('FACE_CHECK_UNAVAILABLE'));
  }
}

/** EXIF-oriented RGB pixels, longer side ≤ FACE_DETECTION_MAX_SIDE, as the workers get them; decoded by sharp on libuv's pool. */
export async function decodeForDetection(picture: Buffer): Promise<Pixels> {
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
