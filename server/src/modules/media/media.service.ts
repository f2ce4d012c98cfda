/**
 * Photo uploads: check, face-check when the photo must show its owner, store.
 *
 *   const media = new MediaService(fileStore, faceService);
 *   await media.storePhoto(upload: Buffer, { profile: 'audience', face: true, kind: 'entry-photo' })
 *     → { key, contentType: 'image/jpeg', width, height, bytes, descriptor?: number[] }
 *     throws AppError: PHOTO_* (photo-check.ts), FACE_MULTIPLE / FACE_NOT_CLEAR / FACE_CHECK_UNAVAILABLE
 *   await media.openPhoto(key, range?) → StoredFile | null   (serve only after the caller is authorised)
 *   await media.deletePhoto(key)
 *   await media.faceMatch(keyA, keyB) → { score: number | null }  null when a picture or its face is missing
 *
 * Nothing is stored unless every check passes; the stored file is checkPhoto's clean JPEG, never the
 * upload. The descriptor (128 numbers) may be kept beside the record to match faces later without
 * reading the files again; faceMatch computes fresh ones from the stored pictures.
 */
import type { PhotoProfile } from '@portal/shared/media/photo-rules';
import type { FaceService } from '../face/face.service';
import { newFileKey, type ByteRange, type FileStore, type StoredFile } from './file-store';
import { checkPhoto } from './photo-check';

export interface StoredPhoto {
  key: string;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  bytes: number;
  descriptor?: number[];
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
    const analysis = options.face ? await this.faces.check(photo.buffer, { descriptor: true }) : undefined;
    const key = newFileKey(options.kind, 'jpg');
    await this.files.put(key, photo.buffer, photo.contentType);
    const stored: StoredPhoto = { key, contentType: photo.contentType, width: photo.width, height: photo.height, bytes: photo.buffer.length };
    if (analysis?.descriptor) stored.descriptor = Array.from(analysis.descriptor);
    return stored;
  }

  openPhoto(key: string, range?: ByteRange): Promise<StoredFile | null> {
    return this.files.get(key, range);
  }

  deletePhoto(key: string): Promise<void> {
    return this.files.delete(key);
  }

  /** Organizer detail: how alike the faces of two stored photos are (entry-card vs ID photo). */
  async faceMatch(keyA: string, keyB: string): Promise<{ score: number | null }> {
    const [a, b] = await Promise.all([this.files.getBuffer(keyA), this.files.getBuffer(keyB)]);
    if (!a || !b) return { score: null };
    const first = await this.faces.analyse(a, { descriptor: true });
    const second = await this.faces.analyse(b, { descriptor: true });
    if (!first.descriptor || !second.descriptor) return { score: null };
    return { score: this.faces.similarity(first.descriptor, second.descriptor) };
  }
}
