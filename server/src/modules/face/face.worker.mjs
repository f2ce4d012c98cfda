// @ts-check
/**
 * A face-api worker thread (face.service.ts starts `workers` of them, config FACE_WORKERS).
 *
 * Plain JavaScript on purpose: a worker thread does not get the TypeScript loader that runs the
 * main thread under vitest, and this file has no logic worth typing beyond the message shapes,
 * which face.service.ts owns (FaceWorkerRequest / FaceWorkerReply).
 *
 * It receives decoded RGB pixels (the main thread decodes with sharp, off the event loop), runs
 * face-api's TinyFaceDetector on the tfjs WASM backend, and answers with the boxes of each pass in
 * pixels of the input ('detect'), or the 128-d descriptor of a face a 'detect' found ('describe': the
 * landmark and recognition nets on that detection, as face-api's withFaceLandmarks().withFaceDescriptors()
 * would run them after the detector). Models load once, on first use, from the package's own model/ folder.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../lib/thread-priority.mjs';

const require = createRequire(import.meta.url);

/** @type {Promise<{ tf: any; faceapi: any }> | null} */
let loading = null;

lowerThreadPriority();

/** Joins of runs at most this long are copied value by value (see registerNarrowConcat). */
const NARROW_RUN = 16;

/**
 * The WASM backend's Concat copies every run of values along the joined axis through a typed-array view of
 * its own. face-api's input normalisation joins three [1, n, n, 1] mean tensors on the last axis for every
 * detector pass: 519,168 runs of one value at input 416, measured at about 40 % of the pass. Where every run
 * is short, this kernel copies the same values one by one into the same output (the result is identical);
 * every other join goes to the backend's own kernel.
 */
function registerNarrowConcat(/** @type {any} */ tf) {
  const own = tf.getKernel('Concat', 'wasm');
  if (!own) return;
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({
    ...own,
    kernelFunc: (/** @type {any} */ args) => {
      /** @type {{ inputs: Array<{ shape: number[]; dtype: string }>; backend: any; attrs: { axis: number | number[] } }} */
      const { inputs, backend, attrs } = args;
      const first = inputs[0];
      if (!first || inputs.length < 2) return own.kernelFunc(args);
      const axis = tf.util.parseAxisParam(attrs.axis, first.shape)[0];
      const outer = tf.util.sizeFromShape(first.shape.slice(0, axis));
      const runs = inputs.map((input) => tf.util.sizeFromShape(input.shape.slice(axis)));
      const narrow = outer > 0 && inputs.every((input, index) => input.dtype === first.dtype && input.dtype !== 'string' && (runs[index] ?? 0) > 0 && (runs[index] ?? 0) <= NARROW_RUN);
      if (!narrow) return own.kernelFunc(args);
      const shapes = inputs.map((input) => input.shape);
      tf.backend_util.assertParamsConsistent(shapes, axis);
      const out = backend.makeOutput(tf.backend_util.computeOutShape(shapes, axis), first.dtype);
      // The views are taken after makeOutput, which may grow (and so move) the WASM heap.
      const sources = inputs.map((input) => backend.typedArrayFromHeap(input));
      const target = backend.typedArrayFromHeap(out);
      const width = runs.reduce((sum, run) => sum + run, 0);
      for (let row = 0; row < outer; row++) {
        let at = row * width;
        for (let index = 0; index < sources.length; index++) {
          const run = runs[index];
          const source = sources[index];
          for (let from = row * run, end = from + run; from < end; from++) target[at++] = source[from];
        }
      }
      return out;
    },
  });
}

function load() {
  loading ??= (async () => {
    const tf = require('@tensorflow/tfjs');
    require('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    registerNarrowConcat(tf);
    await tf.setBackend('wasm');
    await tf.ready();
    tf.enableProdMode();
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await Promise.all([
      faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir),
      faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir),
      faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir),
    ]);
    // One run of each net on a blank picture, so that the first real upload does not pay for
    // the backend's first-use set-up of every kernel.
    const blank = tf.zeros([160, 160, 3], 'int32');
    try {
      for (const inputSize of [224, 416]) await faceapi.detectAllFaces(blank, new faceapi.TinyFaceDetectorOptions({ inputSize }));
      await faceapi.nets.faceLandmark68Net.detectLandmarks(blank);
      await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(blank);
    } finally {
      blank.dispose();
    }
    return { tf, faceapi };
  })();
  return loading;
}

/**
 * @typedef {{ x: number; y: number; width: number; height: number }} Box
 * @typedef {{ pixels: Uint8Array; width: number; height: number; inputSizes: number[]; minScore: number }} DetectJob
 * @typedef {{ pixels: Uint8Array; width: number; height: number; face: { score: number; relativeBox: Box } }} DescribeJob
 */

/** One pass of the detector per input size: `{ passes: [[{ x, y, width, height, score, relativeBox }], …] }`. */
async function detect(/** @type {DetectJob} */ job) {
  const { tf, faceapi } = await load();
  const tensor = tf.tensor3d(job.pixels, [job.height, job.width, 3], 'int32');
  try {
    const passes = [];
    for (const inputSize of job.inputSizes) {
      /** @type {Array<{ score: number; box: Box; relativeBox: Box }>} */
      const detections = await faceapi.detectAllFaces(tensor, new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: job.minScore }));
      passes.push(detections.map((d) => ({ ...plainBox(d.box), score: d.score, relativeBox: plainBox(d.relativeBox) })));
    }
    return { passes };
  } finally {
    tensor.dispose();
  }
}

/**
 * The 128-d descriptor of the face a 'detect' found in the same pixels: `{ descriptor }`. The detection is
 * rebuilt as the detector built it (its relative box, the picture's size), so the landmarks and the aligned
 * crop are the ones a second detector pass would have led to.
 */
async function describe(/** @type {DescribeJob} */ job) {
  const { tf, faceapi } = await load();
  const tensor = tf.tensor3d(job.pixels, [job.height, job.width, 3], 'int32');
  try {
    const { x, y, width, height } = job.face.relativeBox;
    const detection = new faceapi.FaceDetection(job.face.score, new faceapi.Rect(x, y, width, height), { width: job.width, height: job.height });
    /** @type {Array<{ descriptor: Float32Array }>} */
    const results = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve([{ detection }]), tensor, false).withFaceDescriptors();
    return { descriptor: results[0]?.descriptor ?? null };
  } finally {
    tensor.dispose();
  }
}

/** @param {{ x: number; y: number; width: number; height: number }} box */
function plainBox(box) {
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}

if (!parentPort) throw new Error('face.worker.mjs must run in a worker thread');
const port = parentPort;

port.on('message', (/** @type {{ id: number; op: 'warm-up' | 'detect' | 'describe'; job?: any }} */ message) => {
  const work =
    message.op === 'detect' ? detect(message.job) : message.op === 'describe' ? describe(message.job) : load().then(() => ({}));
  work.then(
    (result) => port.postMessage({ id: message.id, ok: true, result }),
    (error) => port.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
