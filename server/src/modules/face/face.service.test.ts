import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_DETECTOR_INPUT_SIZES, FACE_DETECTOR_MIN_SCORE, FACE_MATCH_SCORE, FACE_RATIO_MAX, FACE_RATIO_MIN, summariseFaceDetections } from '@portal/shared/media/photo-rules';
import { FaceService, decodeForDetection, euclideanDistance, type FaceBox } from './face.service';
import { bestFace, cropAroundFace, demoSample, stockFaceApi } from './face-test-pictures';

// Real face-api on the WASM backend in its worker thread; models load once for this file.
const faces = new FaceService();
let personA: FaceBox; // the clearest face of sample2
let personB: FaceBox; // the clearest face of sample3

beforeAll(async () => {
  await faces.warmUp();
  personA = bestFace((await faces.analyse(demoSample(2))).boxes);
  personB = bestFace((await faces.analyse(demoSample(3))).boxes);
});
afterAll(() => faces.close());

describe('FaceService.check', () => {
  it('accepts a crop where the single face fills about 30 % of the picture, and gives its descriptor', async () => {
    const picture = await cropAroundFace(demoSample(2), personA, 0.3);
    const analysis = await faces.check(picture, { descriptor: true });
    expect(analysis.faces).toBe(1);
    expect(analysis.ratio).toBeGreaterThanOrEqual(FACE_RATIO_MIN);
    expect(analysis.ratio).toBeLessThanOrEqual(FACE_RATIO_MAX);
    expect(analysis.descriptor).toHaveLength(128);
  });

  it('refuses a tight crop where the face fills more than 45 %', async () => {
    const picture = await cropAroundFace(demoSample(2), personA, 0.8);
    const analysis = await faces.analyse(picture);
    expect(analysis.faces).toBe(1);
    expect(analysis.ratio).toBeGreaterThan(FACE_RATIO_MAX);
    await expect(faces.check(picture)).rejects.toMatchObject({ code: 'FACE_NOT_CLEAR' });
  });

  it('refuses a face under 15 % (the crop framed with a plain border)', async () => {
    const picture = await cropAroundFace(demoSample(2), personA, 0.3, { frame: 3 });
    const analysis = await faces.analyse(picture);
    expect(analysis.faces).toBe(1);
    expect(analysis.ratio).toBeLessThan(FACE_RATIO_MIN);
    await expect(faces.check(picture)).rejects.toMatchObject({ code: 'FACE_NOT_CLEAR' });
  });

  it('refuses a picture without a face', async () => {
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7aa0c8', noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
      .jpeg()
      .toBuffer();
    expect((await faces.analyse(picture)).faces).toBe(0);
    await expect(faces.check(picture)).rejects.toMatchObject({ code: 'FACE_NOT_CLEAR' });
  });

  it('refuses a picture with several faces', async () => {
    const picture = demoSample(1);
    expect((await faces.analyse(picture)).faces).toBeGreaterThan(1);
    await expect(faces.check(picture)).rejects.toMatchObject({ code: 'FACE_MULTIPLE' });
  });

  it('refuses what it cannot decode with the read error', async () => {
    await expect(faces.check(Buffer.from('not a picture'))).rejects.toMatchObject({ code: 'PHOTO_READ_ERROR' });
  });

  it('leaves the event loop turning while it works (the analysis runs in its worker)', async () => {
    const picture = await cropAroundFace(demoSample(3), personB, 0.3);
    let turns = 0;
    let analysing = true;
    const turn = () => {
      turns += 1;
      if (analysing) setImmediate(turn);
    };
    setImmediate(turn);
    await faces.analyse(picture, { descriptor: true });
    analysing = false;
    // Work on this thread would hold the loop for the whole analysis: no turn in between.
    expect(turns).toBeGreaterThan(1);
  });
});

describe('FaceService.describeLater', () => {
  it('gives the descriptor a check with descriptor gives, after every waiting check, loading the picture only when it starts', async () => {
    const one = new FaceService({ workers: 1 });
    try {
      const picture = await cropAroundFace(demoSample(2), personA, 0.3);
      const checked = await one.check(picture, { descriptor: true });
      if (!checked.face) throw new Error('the check found no single face');
      const order: string[] = [];
      let loads = 0;
      const running = one.analyse(picture).then(() => order.push('check 1'));
      const later = one.describeLater(checked.face, async () => {
        loads += 1;
        return picture;
      });
      // Queued after the later job, done before it: the one worker takes checks first.
      const waiting = one.analyse(picture).then(() => order.push('check 2'));
      const [descriptor] = await Promise.all([later.finally(() => order.push('described')), running, waiting]);
      expect(order).toEqual(['check 1', 'check 2', 'described']);
      expect(loads).toBe(1);
      expect(descriptor).toEqual(checked.descriptor);
      expect(await one.describeLater(checked.face, async () => null)).toBeNull();
    } finally {
      await one.close();
    }
  });
});

describe('the worker against face-api as it comes', () => {
  it('finds the same faces, boxes and ratio, and the same descriptor, as face-api with its own kernels and a second detector pass', async () => {
    const { tf, faceapi } = await stockFaceApi();
    const pictures = [
      demoSample(1),
      await cropAroundFace(demoSample(2), personA, 0.3),
      await cropAroundFace(demoSample(2), personA, 0.6),
      await cropAroundFace(demoSample(3), personB, 0.2),
      await cropAroundFace(demoSample(3), personB, 0.3, { frame: 3 }),
    ];
    for (const picture of pictures) {
      const info = await decodeForDetection(picture);
      const tensor = tf.tensor3d(info.pixels, [info.height, info.width, 3], 'int32');
      const options = (inputSize: number) => new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: FACE_DETECTOR_MIN_SCORE });
      const passes = [];
      for (const inputSize of FACE_DETECTOR_INPUT_SIZES) {
        // face-api's Box has getters: its fields are read one by one.
        passes.push((await faceapi.detectAllFaces(tensor, options(inputSize))).map(({ box, score }) => ({ x: box.x, y: box.y, width: box.width, height: box.height, score })));
      }
      const expected = summariseFaceDetections(passes, info.width, info.height);
      const inputSize = expected.pass === null ? undefined : FACE_DETECTOR_INPUT_SIZES[expected.pass];
      const described = inputSize === undefined ? [] : await faceapi.detectAllFaces(tensor, options(inputSize)).withFaceLandmarks().withFaceDescriptors();
      tensor.dispose();

      const analysis = await faces.analyse(picture, { descriptor: true });
      expect({ faces: analysis.faces, boxes: analysis.boxes, ratio: analysis.ratio }).toEqual({ faces: expected.faces, boxes: expected.boxes, ratio: expected.ratio });
      expect(analysis.descriptor ? Array.from(analysis.descriptor) : null).toEqual(described.length === 1 && described[0] ? Array.from(described[0].descriptor) : null);
    }
  });
});

describe('FaceService.similarity', () => {
  it('scores two pictures of one person higher than two different people', async () => {
    const [a1, a2, b] = await Promise.all([
      cropAroundFace(demoSample(2), personA, 0.3).then((p) => faces.check(p, { descriptor: true })),
      cropAroundFace(demoSample(2), personA, 0.2).then((p) => faces.analyse(p, { descriptor: true })),
      cropAroundFace(demoSample(3), personB, 0.3).then((p) => faces.check(p, { descriptor: true })),
    ]);
    if (!a1.descriptor || !a2.descriptor || !b.descriptor) throw new Error('a descriptor is missing');
    const same = faces.similarity(a1.descriptor, a2.descriptor);
    const different = faces.similarity(a1.descriptor, b.descriptor);
    expect(same).toBeGreaterThan(different);
    expect(same).toBeGreaterThanOrEqual(FACE_MATCH_SCORE);
    expect(different).toBeLessThan(FACE_MATCH_SCORE);
    expect(faces.similarity(a1.descriptor, a1.descriptor)).toBe(1);
  });

  it('measures the euclidean distance of equal-length descriptors only', () => {
    expect(euclideanDistance([0, 3], [4, 0])).toBe(5);
    expect(() => euclideanDistance([1], [1, 2])).toThrow();
  });
});

describe('FaceService worker failures', () => {
  it('answers FACE_CHECK_UNAVAILABLE when the worker is too slow, then recovers with a new worker', async () => {
    const slow = new FaceService({ timeoutMs: 1 });
    try {
      await slow.warmUp();
      const picture = await cropAroundFace(demoSample(2), personA, 0.3);
      await expect(slow.analyse(picture)).rejects.toMatchObject({ code: 'FACE_CHECK_UNAVAILABLE' });
      // The replacement worker's first job has the (long) start budget.
      expect((await slow.analyse(picture)).faces).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('answers FACE_CHECK_UNAVAILABLE when the worker dies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'face-worker-'));
    const script = join(dir, 'crash.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n");
    const crashing = new FaceService({ workerUrl: pathToFileURL(script) });
    try {
      await expect(crashing.warmUp()).rejects.toMatchObject({ code: 'FACE_CHECK_UNAVAILABLE' });
      await expect(crashing.warmUp()).rejects.toMatchObject({ code: 'FACE_CHECK_UNAVAILABLE' });
    } finally {
      await crashing.close();
    }
  });

  it('refuses work after close()', async () => {
    const closed = new FaceService();
    await closed.close();
    await expect(closed.warmUp()).rejects.toMatchObject({ code: 'FACE_CHECK_UNAVAILABLE' });
  });
});
