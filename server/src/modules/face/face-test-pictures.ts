/**
 * Test pictures made at test time from the sample photos that @vladmandic/face-api ships in its
 * demo/ folder (group photos from a Sony/Samsung camera whose EXIF carries a GPS block), and face-api
 * itself in the calling thread with tfjs's own WASM kernels (`stockFaceApi`), the reference the worker
 * is held to. Used by the face and media tests and the face profile (bench/face-profile.ts); not part
 * of the running server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceBox } from './face.service';

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** sample1.jpg … sample6.jpg, 1920 px wide, 3 to 5 people each. */
export function demoSample(n: 1 | 2 | 3 | 4 | 5 | 6): Buffer {
  return readFileSync(join(demoDir, `sample${n}.jpg`));
}

/** The detection with the highest score. */
export function bestFace(boxes: FaceBox[]): FaceBox {
  const best = [...boxes].sort((a, b) => b.score - a.score)[0];
  if (!best) throw new Error('no face in the sample');
  return best;
}

/**
 * A square crop around `face` (relative box of `source`) sized so that the face box covers about
 * `ratio` of the crop, then optionally framed with a plain border that multiplies the area by
 * `frame` (to push a face below 15 %). The source's EXIF (with its GPS block) is kept on purpose.
 */
export async function cropAroundFace(source: Buffer, face: FaceBox, ratio: number, options: { frame?: number } = {}): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(source).metadata();
  const faceArea = face.width * width * face.height * height;
  const side = Math.min(Math.round(Math.sqrt(faceArea / ratio)), width, height);
  const centreX = (face.x + face.width / 2) * width;
  const centreY = (face.y + face.height / 2) * height;
  const left = Math.round(Math.min(Math.max(centreX - side / 2, 0), width - side));
  const top = Math.round(Math.min(Math.max(centreY - side / 2, 0), height - side));
  let picture = sharp(source).extract({ left, top, width: side, height: side });
  if (options.frame) {
    const border = Math.round((side * (Math.sqrt(options.frame) - 1)) / 2);
    picture = sharp(await picture.keepExif().jpeg({ quality: 92 }).toBuffer()).extend({
      top: border,
      bottom: border,
      left: border,
      right: border,
      background: '#c8c8c8',
    });
  }
  return picture.keepExif().jpeg({ quality: 92 }).toBuffer();
}

/** True when an EXIF block (as sharp's metadata().exif gives it) holds a GPS IFD pointer (tag 0x8825). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

interface FaceApiBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FaceApiDetection {
  score: number;
  box: FaceApiBox;
  relativeBox: FaceApiBox;
}
export interface StockTensor {
  dispose(): void;
}
/** The part of tfjs (untyped CommonJS build beside face-api) the tests and the profile call. */
export interface StockTfjs {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): StockTensor;
  profile(work: () => Promise<unknown>): Promise<{ kernels: Array<{ name: string; kernelTimeMs: number | { error: string } }> }>;
}
/** The part of face-api's node-wasm build the tests and the profile call. */
export interface StockFaceApi {
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  FaceDetection: new (score: number, box: unknown, dims: { width: number; height: number }) => unknown;
  Rect: new (x: number, y: number, width: number, height: number) => unknown;
  DetectAllFaceLandmarksTask: new (parent: Promise<Array<{ detection: unknown }>>, input: StockTensor, tiny: boolean) => { withFaceDescriptors(): Promise<Array<{ descriptor: Float32Array }>> };
  detectAllFaces(input: StockTensor, options: unknown): Promise<FaceApiDetection[]> & { withFaceLandmarks(): { withFaceDescriptors(): Promise<Array<{ descriptor: Float32Array }>> } };
}

/** face-api on tfjs's WASM backend with its own kernels, in this thread, its three nets loaded. */
export async function stockFaceApi(): Promise<{ tf: StockTfjs; faceapi: StockFaceApi }> {
  const tf = require('@tensorflow/tfjs') as StockTfjs & { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; enableProdMode(): void };
  require('@tensorflow/tfjs-backend-wasm');
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as StockFaceApi & {
    nets: Record<'tinyFaceDetector' | 'faceLandmark68Net' | 'faceRecognitionNet', { loadFromDisk(dir: string): Promise<void> }>;
  };
  await tf.setBackend('wasm');
  await tf.ready();
  tf.enableProdMode();
  const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await Promise.all([faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir), faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir), faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir)]);
  return { tf, faceapi };
}
