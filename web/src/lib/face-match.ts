/**
 * The face-match score (0..1, server: faceMatchScore of the descriptors of the entry photo and the ID
 * photo) in plain words. shared/src/media/photo-rules.ts: a score ≥ FACE_MATCH_SCORE suggests the
 * same person; just above it the reviewer should still compare the photos with care.
 */
import { FACE_MATCH_SCORE } from '@portal/shared/media/photo-rules';

export type FaceMatchLevel = 'unknown' | 'likely' | 'uncertain' | 'unlikely';

/** How far above the threshold a score must be to be called a likely match. */
export const FACE_MATCH_MARGIN = 0.1;

export function faceMatchLevel(score: number | null | undefined): FaceMatchLevel {
  if (score === null || score === undefined || !Number.isFinite(score)) return 'unknown';
  if (score >= FACE_MATCH_SCORE + FACE_MATCH_MARGIN) return 'likely';
  if (score >= FACE_MATCH_SCORE) return 'uncertain';
  return 'unlikely';
}

/** The score as a whole percentage (0.734 → 73). */
export function faceMatchPercent(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}
