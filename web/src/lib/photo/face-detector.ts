/**
 * face-api in the browser, loaded when the browser is idle on a page with a photo field, or on first use (DESIGN §7:
 * the models and tfjs never enter the first load; face-load-progress.ts). Its code and model are hashed assets, kept
 * by the browser's cache for a year (immutable), so the next visit does not download them again. The tiny face
 * detector's weights are build assets of the web app (hashed, same origin, CSP connect-src 'self'), decoded with
 * tfjs's own weight decoder.
 */
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.esm.js';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import { detectionSize, measureFaces, type FaceMeasure } from './face-measure';
import { reportFaceLoadStage } from './face-load-progress';

type FaceApi = typeof FaceApiModule;

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  reportFaceLoadStage('downloading');
  const [faceapi, manifest, weights] = await Promise.all([
    import('@vladmandic/face-api/dist/face-api.esm.js'),
    import('@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json').then((module) => module.default),
    fetch(weightsUrl).then((response) => {
      if (!response.ok) throw new Error(`face model: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  reportFaceLoadStage('preparing');
  // The bundle's tf namespace is the whole of tfjs; face-api's typings declare only a part of it.
  const tf = faceapi.tf as typeof faceapi.tf & { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; enableProdMode(): void };
  // WebGL when the device has it, else the CPU backend; never the WASM backend (its binaries are not served).
  let ready = false;
  for (const backend of ['webgl', 'cpu']) {
    try {
      if (await tf.setBackend(backend)) {
        await tf.ready();
        ready = true;
        break;
      }
    } catch {
      // try the next backend
    }
  }
  if (!ready) throw new Error('face-api: no tfjs backend');
  tf.enableProdMode();
  const specs = manifest.flatMap((group) => group.weights) as Parameters<typeof tf.io.decodeWeights>[1];
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(weights, specs));
  reportFaceLoadStage('ready');
  return faceapi;
}

/** Loads face-api and the model once; a failure is remembered only until the next attempt. */
export function loadFaceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    reportFaceLoadStage('failed');
    throw error;
  });
  return loading;
}

/** Decodes a picture with its EXIF orientation applied. */
async function decode(picture: Blob): Promise<ImageBitmap> {
  return createImageBitmap(picture, { imageOrientation: 'from-image' });
}

/** Measures the face rule on a picture, the server's way (see face-measure.ts). Throws when face-api cannot load. */
export async function measurePhotoFace(picture: Blob): Promise<FaceMeasure> {
  const faceapi = await loadFaceApi();
  const bitmap = await decode(picture);
  try {
    const size = detectionSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await measureFaces(
      async (inputSize, scoreThreshold) => {
        const detections = await faceapi.detectAllFaces(canvas, new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold }));
        return detections.map((detection) => ({ x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height, score: detection.score }));
      },
      size.width,
      size.height,
    );
  } finally {
    bitmap.close();
  }
}
