/**
 * Photo uploads: check, face-check when the photo must show its owner, store.
 *
 *   const media = new MediaService(fileStore, faceService);
 *   await media.storePhoto(upload: Buffer, { profile: 'audience', face: true, kind: 'entry-photo' })
 *     → { key, contentType: 'image/jpeg', width, height, bytes, face?: DetectedFace }
 *     throws AppError: PHOTO_* (photo-check.ts), FACE_MULTIPLE / FACE_NOT_CLEAR / FACE_CHECK_UNAVAILABLE
 *   await media.describeLater(stored) → number[] | null     the face's descriptor, once no upload check waits
 *   await media.describeStored(key) → number[] | null      the same from the stored file alone, now
 *   await media.openPhoto(key, range?) → StoredFile | null   (serve only after the caller is authorised)
 *   await media.deletePhoto(key)
 *   await media.faceMatch(keyA, keyB) → { score: number | null }  null when a picture or its face is missing
 *
 * Nothing is stored unless every check passes; the stored file is checkPhoto's clean JPEG, never the
 * upload. The upload checks the face and no more: the descriptor (128 numbers, for the organizer's
 * face-match score) is the larger part of the work and nobody waits for it, so it is computed after the
 * upload is answered (describeLater, from the detection the check made) and kept beside the record;
 * describeStored computes it from the file where none was kept.
 */
import type { PhotoProfile } from '@portal/shared/media/photo-rules';
import type { DetectedFace, FaceService } from '../face/face.service';
import { newFileKey, type ByteRange, type FileStore, type StoredFile } from './file-store';
import { checkPhoto } from './photo-check';

export interface StoredPhoto {
  key: string;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  bytes: number;
  /** The single face the check found (face-checked photos), for describeLater. */
  face?: DetectedFace;
}

export interface StorePhotoOptions {
  profile: PhotoProfile;
  /** Require exactly one face filling 15–45 % (entry-card and ID photos). */
  face: boolean;
  /** First segment of the key, e.g. 'entry-photo', 'id-photo', 'catalog'; lower-case, '-' allowed. */
  kind: string;
}

export class MediaService {
  constructor(
    private readonly files: FileStore,
    private readonly faces: FaceService,
  ) {}

  async storePhoto(upload: Buffer, options: StorePhotoOptions): Promise<StoredPhoto> {
    const photo = await checkPhoto(upload, options.profile);
    const analysis = options.face ? await this.faces.check(photo.buffer) : undefined;
    const key = newFileKey(options.kind, 'jpg');
    await this.files.put(key, photo.buffer, photo.contentType);
    const stored: StoredPhoto = { key, contentType: photo.contentType, width: photo.width, height: photo.height, bytes: photo.buffer.length };
    if (analysis?.face) stored.face = analysis.face;
    return stored;
  }

  /** The descriptor of a stored photo's face, computed when no upload check waits (null: no face, or the file is gone). */
  async describeLater(stored: Pick<StoredPhoto, 'key' | 'face'>): Promise<number[] | null> {
    if (!stored.face) return null;
    const descriptor = await this.faces.describeLater(stored.face, () => this.files.getBuffer(stored.key));
    return descriptor ? Array.from(descriptor) : null;
  }

  /** The descriptor of the single face of a stored photo, from its file, now (null: not exactly one face, or no file). */
  async describeStored(key: string): Promise<number[] | null> {
    const picture = await this.files.getBuffer(key);
    if (!picture) return null;
    const { descriptor } = await this.faces.analyse(picture, { descriptor: true });
    return descriptor ? Array.from(descriptor) : null;
  }

  /** A stored photo's bytes whole (a picture drawn into a PDF); null when its file is missing. */
  photoBytes(key: string): Promise<Buffer | null> {
    return this.files.getBuffer(key);
  }

  openPhoto(key: string, range?: ByteRange): Promise<StoredFile | null> {
    return this.files.get(key, range);
  }

  deletePhoto(key: string): Promise<void> {
    return this.files.delete(key);
  }

  /** Organizer detail: how alike the faces of two stored photos are (entry-card vs ID photo). */
  async faceMatch(keyA: string, keyB: string): Promise<{ score: number | null }> {
    const [first, second] = await Promise.all([this.describeStored(keyA), this.describeStored(keyB)]);
    if (!first || !second) return { score: null };
    return { score: this.faces.similarity(first, second) };
  }
}
