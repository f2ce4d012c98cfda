import { describe, expect, it, vi } from 'vitest';
import { FACE_DETECTOR_INPUT_SIZES, FACE_DETECTOR_MIN_SCORE, type FaceDetection } from '@portal/shared/media/photo-rules';
import { detectionSize, faceAdvice, faceVerdict, measureFaces } from './face-measure';

const face = (x: number, y: number, width: number, height: number, score = 0.9): FaceDetection => ({ x, y, width, height, score });

describe('detectionSize (the server scales the same way before detecting)', () => {
  it('scales the longer side down to 640 and never enlarges', () => {
    expect(detectionSize(1280, 960)).toEqual({ width: 640, height: 480 });
    expect(detectionSize(900, 1600)).toEqual({ width: 360, height: 640 });
    expect(detectionSize(3000, 2001)).toEqual({ width: 640, height: 427 });
    expect(detectionSize(400, 300)).toEqual({ width: 400, height: 300 });
    expect(detectionSize(640, 640)).toEqual({ width: 640, height: 640 });
  });
});

describe('measureFaces', () => {
  it('runs the detector at 224 then 416 with min score 0.5 and measures the box over the picture', async () => {
    const detect = vi.fn(async (inputSize: number) => (inputSize === 224 ? [face(100, 100, 200, 200)] : [face(110, 110, 180, 180)]));
    const result = await measureFaces(detect, 400, 500);
    expect(detect.mock.calls).toEqual(FACE_DETECTOR_INPUT_SIZES.map((size) => [size, FACE_DETECTOR_MIN_SCORE]));
    expect(result.faces).toBe(1);
    expect(result.pass).toBe(0);
    expect(result.ratio).toBeCloseTo((200 * 200) / (400 * 500));
    expect(result.problem).toBeNull();
  });

  it('uses the 416 pass when 224 found no face, and clips boxes to the picture', async () => {
    const result = await measureFaces(async (inputSize) => (inputSize === 224 ? [] : [face(-50, 0, 250, 300)]), 400, 400);
    expect(result.pass).toBe(1);
    expect(result.ratio).toBeCloseTo((200 * 300) / (400 * 400));
    expect(result.problem).toBeNull();
  });

  it('counts the faces of the pass that found most: a bystander at 416 makes FACE_MULTIPLE', async () => {
    const result = await measureFaces(async (inputSize) => (inputSize === 224 ? [face(0, 0, 200, 200)] : [face(0, 0, 200, 200), face(300, 300, 40, 40)]), 400, 400);
    expect(result.faces).toBe(2);
    expect(result.ratio).toBeNull();
    expect(result.problem).toBe('FACE_MULTIPLE');
  });

  it('refuses no face, a face too small or too large (15-45 %)', async () => {
    expect((await measureFaces(async () => [], 400, 400)).problem).toBe('FACE_NOT_CLEAR');
    expect((await measureFaces(async () => [face(0, 0, 100, 100)], 400, 400)).problem).toBe('FACE_NOT_CLEAR'); // 6.25 %
    expect((await measureFaces(async () => [face(0, 0, 300, 300)], 400, 400)).problem).toBe('FACE_NOT_CLEAR'); // 56 %
    expect((await measureFaces(async () => [face(0, 0, 160, 150)], 400, 400)).problem).toBeNull(); // 15 %
    expect((await measureFaces(async () => [face(0, 0, 240, 300)], 400, 400)).problem).toBeNull(); // 45 %
  });

  it('faceVerdict agrees with the summary', () => {
    expect(faceVerdict({ faces: 1, boxes: [], ratio: 0.3, pass: 0 }).problem).toBeNull();
    expect(faceVerdict({ faces: 0, boxes: [], ratio: null, pass: null }).problem).toBe('FACE_NOT_CLEAR');
  });
});

describe('faceAdvice', () => {
  it('says how many faces and that only one may appear, without an area', () => {
    expect(faceAdvice({ faces: 2, ratio: 0 })).toEqual({ key: 'faceMany', values: { faces: 2 } });
    expect(faceAdvice({ faces: 3, ratio: 0.2 })).toEqual({ key: 'faceMany', values: { faces: 3 } });
  });

  it('says when no face was found, and gives the area of one face against the rule', () => {
    expect(faceAdvice({ faces: 0, ratio: null })).toEqual({ key: 'faceNone', values: {} });
    expect(faceAdvice({ faces: 1, ratio: 0.0834 })).toEqual({ key: 'faceArea', values: { percent: 8.3, min: 15, max: 45 } });
  });
});
