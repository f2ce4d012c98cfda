/**
 * The face rule measured in the browser EXACTLY like the server (shared/src/media/photo-rules.ts,
 * server/src/modules/face): the EXIF-oriented picture scaled so that its longer side is at most
 * 640 px (never enlarged), the tiny face detector at input sizes 224 and 416 with min score 0.5,
 * both passes summarised by summariseFaceDetections.
 */
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import {
  FACE_DETECTION_MAX_SIDE,
  FACE_RATIO_MAX,
  FACE_RATIO_MIN,
  FACE_DETECTOR_INPUT_SIZES,
  FACE_DETECTOR_MIN_SCORE,
  isFaceRatioAllowed,
  summariseFaceDetections,
  type FaceDetection,
  type FaceSummary,
} from '@portal/shared/media/photo-rules';

/** One detector pass over the prepared (scaled) picture, boxes in its pixels. */
export type DetectPass = (inputSize: number, minScore: number) => Promise<FaceDetection[]>;

/** The size the detector sees: longer side at most 640, never enlarged, rounded like sharp's `fit: 'inside'`. */
export function detectionSize(width: number, height: number, maxSide: number = FACE_DETECTION_MAX_SIDE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return width >= height ? { width: maxSide, height: Math.max(1, Math.round(height * scale)) } : { width: Math.max(1, Math.round(width * scale)), height: maxSide };
}

export interface FaceMeasure extends FaceSummary {
  /** null when the picture passes the rule. */
  problem: Extract<ErrorCode, 'FACE_NOT_CLEAR' | 'FACE_MULTIPLE'> | null;
}

/** The server's verdict from a summary: more than one face → FACE_MULTIPLE; none, or a ratio outside 15–45 % → FACE_NOT_CLEAR. */
export function faceVerdict(summary: FaceSummary): FaceMeasure {
  if (summary.faces > 1) return { ...summary, problem: 'FACE_MULTIPLE' };
  if (summary.ratio === null || !isFaceRatioAllowed(summary.ratio)) return { ...summary, problem: 'FACE_NOT_CLEAR' };
  return { ...summary, problem: null };
}

/** Runs one pass per input size (in order, like the server's worker) on a picture already scaled to `width` × `height`. */
export async function measureFaces(detect: DetectPass, width: number, height: number): Promise<FaceMeasure> {
  const passes: FaceDetection[][] = [];
  for (const inputSize of FACE_DETECTOR_INPUT_SIZES) passes.push(await detect(inputSize, FACE_DETECTOR_MIN_SCORE));
  return faceVerdict(summariseFaceDetections(passes, width, height));
}

/**
 * What the visitor reads under a refused face check (keys in `photo`): no face; how
 * many faces, and that only one person may appear; or how much of the picture the one face fills
 * against the rule. The area is only given when there is exactly one face (it means nothing otherwise).
 */
export function faceAdvice(measure: Pick<FaceMeasure, 'faces' | 'ratio'>): { key: string; values: Record<string, number> } {
  if (measure.faces === 0) return { key: 'faceNone', values: {} };
  if (measure.faces > 1) return { key: 'faceMany', values: { faces: measure.faces } };
  return {
    key: 'faceArea',
    values: { percent: measure.ratio === null ? 0 : Math.round(measure.ratio * 1000) / 10, min: FACE_RATIO_MIN * 100, max: FACE_RATIO_MAX * 100 },
  };
}
