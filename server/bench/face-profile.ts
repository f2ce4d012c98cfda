// What one photo of the registration rush costs, step by step (docs/performance.md, "The registration rush"):
//   npx tsx server/bench/face-profile.ts
// Each step runs alone in this thread on the rush's 750×1000 pictures, timed in CPU (process.cpuUsage: sharp's
// libvips threads included) and wall time; then the whole check through FaceService (its worker, with the
// worker's kernels) and a kernel profile of one 416 pass as face-api runs it here (the WASM backend's own kernels).
import sharp from 'sharp';
import { FACE_DETECTOR_MIN_SCORE } from '@portal/shared/media/photo-rules';
import { facePicture, SAMPLE_FACES, type Sample } from '../../e2e/support/pictures';
import { decodeForDetection, FaceService } from '../src/modules/face/face.service';
import { stockFaceApi } from '../src/modules/face/face-test-pictures';
import { checkPhoto } from '../src/modules/media/photo-check';

const ROUNDS = 3;

const { tf, faceapi } = await stockFaceApi();

const samples = Object.keys(SAMPLE_FACES).map(Number) as Sample[];
const pictures = await Promise.all(samples.map(async (sample) => sharp(await facePicture(sample, 0.3)).resize(750, 1000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()));
const detector = (inputSize: number) => new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: FACE_DETECTOR_MIN_SCORE });

const times = new Map<string, { cpu: number[]; wall: number[] }>();
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuStart);
  const entry = times.get(step) ?? { cpu: [], wall: [] };
  entry.cpu.push((cpu.user + cpu.system) / 1000);
  entry.wall.push(performance.now() - wallStart);
  times.set(step, entry);
  return result;
}

// A first round unmeasured: the kernels' first use.
for (let round = 0; round <= ROUNDS; round++) {
  if (round === 1) times.clear();
  for (const input of pictures) {
    const clean = await timed('sharp: checkPhoto (decode, orient, re-encode)', () => checkPhoto(input, 'audience'));
    const info = await timed('sharp: decode for detection (≤ 640 px, raw)', () => decodeForDetection(clean.buffer));
    const tensor = tf.tensor3d(info.pixels, [info.height, info.width, 3], 'int32');
    const [found] = await timed('detector 224', () => faceapi.detectAllFaces(tensor, detector(224)));
    await timed('detector 416', () => faceapi.detectAllFaces(tensor, detector(416)));
    await timed('describe with the detector again (224 + landmarks + descriptor)', () => faceapi.detectAllFaces(tensor, detector(224)).withFaceLandmarks().withFaceDescriptors());
    if (found) {
      const { x, y, width, height } = found.relativeBox;
      const detection = new faceapi.FaceDetection(found.score, new faceapi.Rect(x, y, width, height), { width: info.width, height: info.height });
      await timed('describe from the detection (landmarks + descriptor)', () => new faceapi.DetectAllFaceLandmarksTask(Promise.resolve([{ detection }]), tensor, false).withFaceDescriptors());
    }
    tensor.dispose();
  }
}

const faces = new FaceService({ workers: 1 });
await faces.warmUp();
for (let round = 0; round <= ROUNDS; round++) {
  for (const picture of pictures) {
    const clean = await checkPhoto(picture, 'audience');
    await (round === 0 ? faces.check(clean.buffer) : timed('FaceService.check (its worker: decode, both passes)', () => faces.check(clean.buffer)));
  }
}
await faces.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`median of ${ROUNDS * pictures.length} photos (750×1000 JPEG), ms:`);
for (const [step, { cpu, wall }] of times) console.log(`  ${step.padEnd(66)} CPU ${median(cpu).toFixed(1).padStart(6)}   wall ${median(wall).toFixed(1).padStart(6)}`);

// Where a 416 pass spends its time, kernel by kernel, as the WASM backend runs face-api's graph.
const first = await decodeForDetection(pictures[0] ?? Buffer.alloc(0));
const tensor = tf.tensor3d(first.pixels, [first.height, first.width, 3], 'int32');
const kernels = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const kernel of (await tf.profile(() => faceapi.detectAllFaces(tensor, detector(416)))).kernels) {
    if (typeof kernel.kernelTimeMs === 'number') kernels.set(kernel.name, (kernels.get(kernel.name) ?? 0) + kernel.kernelTimeMs);
  }
}
tensor.dispose();
const total = [...kernels.values()].reduce((sum, value) => sum + value, 0);
console.log('one 416 pass by kernel (the WASM backend\'s own, without the worker\'s short joins):');
for (const [name, ms] of [...kernels].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${name.padEnd(24)} ${(ms / ROUNDS).toFixed(1).padStart(6)} ms  ${Math.round((ms / total) * 100)} %`);
