/**
 * Photo and face rules of SPEC 5 and 9, one set of numbers for the browser's instant check
 * (web PhotoUpload) and the server's authoritative one (server/src/modules/media, modules/face).
 */

const KB = 1024;
const MB = 1024 * 1024;

/** Types are recognised by content (magic bytes), never by file name. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
/** For `<input type="file" accept>`; WeChat needs a plain-picker fallback (DESIGN §6). */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export const PHOTO_MIN_BYTES = 20 * KB;
/** Upper size per form: the audience form allows 5 MB, catalog images 2 MB, everything else 10 MB. */
export const PHOTO_PROFILES = {
  general: { maxBytes: 10 * MB },
  audience: { maxBytes: 5 * MB },
  catalog: { maxBytes: 2 * MB },
} as const satisfies Record<string, { maxBytes: number }>;
export type PhotoProfile = keyof typeof PHOTO_PROFILES;

/** Both sides must be at least this many pixels (after EXIF orientation). */
export const PHOTO_MIN_SIDE = 200;
/**
 * Refused above this, from the header, before anything is decoded (decompression bombs). 24 MP is a
 * 6000×4000 picture: every phone's default mode (12–24 MP) passes; a 48–50 MP full-resolution shot
 * is 10–25 MB as JPEG, beyond the 5 MB of the visitor's form anyway. An ID photo needs 200×200.
 */
export const PHOTO_MAX_PIXELS = 24_000_000;
/** Stored pictures are scaled down to at most this many pixels on the longer side (never enlarged). */
export const PHOTO_STORED_MAX_SIDE = 2048;
/** Stored pictures are re-encoded as JPEG at this quality, without any metadata. */
export const PHOTO_JPEG_QUALITY = 90;

/**
 * Face rule: exactly one face whose detection box covers 15–45 % of the picture.
 *
 * How faces are counted and the ratio measured (the browser does the same, with the same function):
 * 1. the picture is oriented by EXIF and scaled so that its longer side is at most
 *    FACE_DETECTION_MAX_SIDE pixels (never enlarged);
 * 2. face-api's TinyFaceDetector runs once per input size of FACE_DETECTOR_INPUT_SIZES, with
 *    FACE_DETECTOR_MIN_SCORE. Two passes because, measured on crops of face-api's sample photos,
 *    input 224 finds a face that fills 20–80 % of the picture every time but misses small faces,
 *    while 416 finds small faces (bystanders, group photos) but misses or shrinks large ones;
 * 3. summariseFaceDetections: the number of faces is the larger count of the two passes; when it
 *    is one, the box is the 224 pass's (the 416 pass's if 224 found none);
 * 4. ratio = (box width × box height) / (picture width × picture height), box clipped to the
 *    picture, both in the same (scaled) pixels.
 */
export const FACE_RATIO_MIN = 0.15;
export const FACE_RATIO_MAX = 0.45;
export const FACE_DETECTION_MAX_SIDE = 640;
export const FACE_DETECTOR_INPUT_SIZES = [224, 416] as const;
export const FACE_DETECTOR_MIN_SCORE = 0.5;

/** A detection in pixels of the (scaled) picture, as face-api's `box` and `score` give it. */
export interface FaceDetection {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface FaceSummary {
  faces: number;
  /** Boxes relative to the picture (0..1, clipped), from the pass that found the most faces. */
  boxes: FaceDetection[];
  /** Box area / picture area of the single face; null unless exactly one face. */
  ratio: number | null;
  /** Index in FACE_DETECTOR_INPUT_SIZES of the pass whose box gave the ratio (null without one). */
  pass: number | null;
}

/** `passes[i]` holds the detections made with FACE_DETECTOR_INPUT_SIZES[i]. */
export function summariseFaceDetections(passes: FaceDetection[][], width: number, height: number): FaceSummary {
  const relative = passes.map((detections) => detections.map((face) => relativeBox(face, width, height)));
  let most = 0;
  relative.forEach((boxes, index) => {
    if (boxes.length > (relative[most]?.length ?? 0)) most = index;
  });
  const faces = relative[most]?.length ?? 0;
  const pass = faces === 1 ? relative.findIndex((boxes) => boxes.length === 1) : -1;
  const single = pass >= 0 ? relative[pass]?.[0] : undefined;
  return { faces, boxes: relative[most] ?? [], ratio: single ? single.width * single.height : null, pass: single ? pass : null };
}

function relativeBox(face: FaceDetection, width: number, height: number): FaceDetection {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  const left = clamp(face.x, width);
  const top = clamp(face.y, height);
  const right = clamp(face.x + face.width, width);
  const bottom = clamp(face.y + face.height, height);
  return { x: left / width, y: top / height, width: (right - left) / width, height: (bottom - top) / height, score: face.score };
}

/**
 * Face match (organizer detail: entry-card photo vs ID photo): face-api 128-d descriptors,
 * score = clamp(1 − distance / (2 × FACE_MATCH_DISTANCE), 0, 1), so that face-api's usual
 * same-person distance 0.6 maps to 0.5; a score ≥ FACE_MATCH_SCORE suggests the same person.
 */
export const FACE_MATCH_DISTANCE = 0.6;
export const FACE_MATCH_SCORE = 0.5;

export function faceMatchScore(distance: number): number {
  return Math.min(1, Math.max(0, 1 - distance / (2 * FACE_MATCH_DISTANCE)));
}

export function isFaceRatioAllowed(ratio: number): boolean {
  return ratio >= FACE_RATIO_MIN && ratio <= FACE_RATIO_MAX;
}

/** Whole megabytes for the PHOTO_TOO_LARGE_BYTES message. */
export function maxMegabytes(profile: PhotoProfile): number {
  return PHOTO_PROFILES[profile].maxBytes / MB;
}
