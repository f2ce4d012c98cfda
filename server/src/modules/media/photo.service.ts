import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { PHOTO_PROFILES, faceMatchScore, maxMegabytes, type PhotoProfile } from '@portal/shared/media/photo-rules';
import { SECTION_RULES, type RoleRule, type Scope } from '@portal/shared/auth/scopes';
import { hasOrganizerRoles } from '../../lib/authorize';
import { euclideanDistance } from '../face/face.service';
import type { MediaService, StoredPhoto } from './media.service';
import type { PhotoModel, PhotoPurpose } from './media.models';
import type { ByteRange } from './file-store';
import * as repository from './photo.repository';
import { ZPhotoId } from './photo.policy';

/**
 * Who may upload a picture for a purpose and which checks it needs: people's photos (a visitor's entry
 * card and ID, a staff badge) must show exactly one face (SPEC 5); catalog and company logos stay within 2 MB.
 */
const PURPOSES: Record<PhotoPurpose, { scopes: readonly Scope[]; roles?: RoleRule; profile: PhotoProfile; face: boolean; kind: string }> = {
  ENTRY_CARD: { scopes: ['audience'], profile: 'audience', face: true, kind: 'entry-photo' },
  ID_CARD: { scopes: ['audience'], profile: 'audience', face: true, kind: 'id-photo' },
  BADGE: { scopes: ['exhibitor'], profile: 'general', face: true, kind: 'badge-photo' },
  BADGE_ID: { scopes: ['exhibitor'], profile: 'general', face: true, kind: 'badge-id-photo' },
  CATALOG: { scopes: ['exhibitor'], profile: 'catalog', face: false, kind: 'catalog' },
  BANNER: { scopes: ['exhibitor'], profile: 'general', face: false, kind: 'banner' },
  PRODUCT: { scopes: ['exhibitor'], profile: 'general', face: false, kind: 'product' },
  EXHIBITOR_LOGO: { scopes: ['organizer'], roles: SECTION_RULES.exhibitor, profile: 'catalog', face: false, kind: 'exhibitor-logo' },
  BADGE_TEMPLATE: { scopes: ['organizer'], roles: SECTION_RULES.ticket, profile: 'catalog', face: false, kind: 'badge-template' },
  LETTER_TEMPLATE: { scopes: ['organizer'], roles: SECTION_RULES.project, profile: 'catalog', face: false, kind: 'letter-template' },
};

/**
 * Who besides the owner may open a photo, decided by the module whose records reference it (an
 * application's reviewers, later a badge's). `audited`: the view goes to the audit log (PIPL).
 */
export type PhotoAccessRule = (viewer: Viewer, photo: PhotoModel) => Promise<{ audited: boolean } | null>;

/** One picture of a settings form (a template's background, logo, letterhead…): the form's field, its chosen photo, the saved one. */
export interface PictureSlot {
  path: string;
  next: string | null;
  current: string | null | undefined;
}

/** Upload and authorised reading of pictures; URLs point at /apis/files/photos/:id, never a public folder. */
export class PhotoService {
  private readonly accessRules: PhotoAccessRule[] = [];

  constructor(
    private readonly db: Database,
    private readonly media: MediaService,
    private readonly logger: FastifyBaseLogger,
  ) {}

  static urlOf(photo: Pick<PhotoModel, 'id'>) {
    return `/apis/files/photos/${photo.id}`;
  }

  /** Lets a module that references photos grant reading them (once, from that module's module file). */
  allowReading(rule: PhotoAccessRule) {
    this.accessRules.push(rule);
  }

  /**
   * `counterCheck`: its person chose to be verified at the counter (decision 0209): the picture is checked
   * (content, size, pixels) and re-encoded, but no face detection runs and no face data is ever kept.
   */
  async upload(owner: Viewer, file: File, purpose: PhotoPurpose, options: { counterCheck?: boolean } = {}): Promise<PhotoModel> {
    const { scopes, roles } = PURPOSES[purpose];
    if (!scopes.includes(owner.scope) || (roles && !hasOrganizerRoles(owner, roles))) throw new AppError('FORBIDDEN');
    const counterCheck = options.counterCheck === true;
    const stored = await this.store(file, purpose, { counterCheck });
    const photo = await this.record(this.db, owner.id, purpose, stored, { counterCheck });
    this.keepDescriptorLater(photo.id, stored);
    return photo;
  }

  /**
   * The photos' people chose the counter check, in the caller's transaction (an application or a badge
   * filed with it): any face data kept for them is dropped and none is ever written again
   * (`setFaceDescriptor` skips them, `descriptorOf` computes nothing).
   */
  forgetFaces(tx: Executor, photoIds: readonly string[]) {
    return repository.markCounterCheck(tx, photoIds);
  }

  /** Whether a photo was uploaded face-checked (not for the counter check): a face-recognition filing needs that. */
  static faceChecked(photo: Pick<PhotoModel, 'purpose' | 'counterCheck'>) {
    return PURPOSES[photo.purpose].face && !photo.counterCheck;
  }

  /**
   * The face descriptor of a new photo, computed after the upload is answered and when no upload check
   * waits (MediaService.describeLater). A descriptor not kept (a restart, a full backlog) is computed
   * from the file when a match score first needs it (descriptorOf).
   */
  private keepDescriptorLater(photoId: string, stored: StoredPhoto) {
    if (!stored.face) return;
    this.media
      .describeLater(stored)
      .then((descriptor) => (descriptor ? repository.setFaceDescriptor(this.db, photoId, descriptor) : undefined))
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'FACE_CHECK_UNAVAILABLE') this.logger.debug({ photoId }, 'face descriptor left for the first match score');
        else this.logger.error({ err: error, photoId }, 'could not keep a face descriptor');
      });
  }

  /**
   * Checks and stores the file of an upload made without a signed-in owner (the /ticket photo
   * replacement); the caller records it with `record` in its transaction, or `deleteFiles` it.
   */
  async store(file: File, purpose: PhotoPurpose, options: { counterCheck?: boolean } = {}): Promise<StoredPhoto> {
    const rules = PURPOSES[purpose];
    // Refuse an oversized upload before reading it into memory.
    if (file.size > PHOTO_PROFILES[rules.profile].maxBytes) throw new AppError('PHOTO_TOO_LARGE_BYTES', { megabytes: maxMegabytes(rules.profile) });
    return this.media.storePhoto(Buffer.from(await file.arrayBuffer()), { ...rules, face: rules.face && options.counterCheck !== true });
  }

  /** The photo row of a stored file, owned by `ownerId`, in the caller's transaction. */
  record(tx: Executor, ownerId: string, purpose: PhotoPurpose, stored: StoredPhoto, options: { counterCheck?: boolean } = {}): Promise<PhotoModel> {
    return repository.insertPhoto(tx, {
      ownerId,
      purpose,
      counterCheck: options.counterCheck === true,
      storageKey: stored.key,
      contentType: stored.contentType,
      width: stored.width,
      height: stored.height,
      bytes: stored.bytes,
    });
  }

  findByIds(ids: readonly string[], tx: Executor = this.db) {
    return repository.findPhotosByIds(tx, ids);
  }

  /**
   * The photo, when the viewer may see it: its owner, or whom a module's access rule admits. Anything
   * else is NOT_FOUND, so that nobody learns which ids exist. `audited`: the caller writes the audit entry.
   */
  async readable(viewer: Viewer, rawPhotoId: string): Promise<{ photo: PhotoModel; audited: boolean }> {
    const id = ZPhotoId.safeParse(rawPhotoId);
    const photo = id.success ? await repository.findPhotoById(this.db, id.data) : undefined;
    if (!photo) throw new AppError('NOT_FOUND');
    if (photo.ownerId === viewer.id) return { photo, audited: false };
    for (const rule of this.accessRules) {
      const granted = await rule(viewer, photo);
      if (granted) return { photo, audited: granted.audited };
    }
    throw new AppError('NOT_FOUND');
  }

  /** The photo's bytes whole, for a caller already authorised (a printed badge); null when its file is missing. */
  bytesOf(photo: Pick<PhotoModel, 'storageKey'>) {
    return this.media.photoBytes(photo.storageKey);
  }

  open(photo: PhotoModel, range?: ByteRange) {
    return this.media.openPhoto(photo.storageKey, range);
  }

  /** How alike the faces of two photos are, 0..1, from their descriptors (null when a photo or its face is missing). */
  async faceMatchScore(firstId: string, secondId: string): Promise<number | null> {
    const found = await repository.findPhotosByIds(this.db, [firstId, secondId]);
    const [a, b] = [found.find((row) => row.id === firstId), found.find((row) => row.id === secondId)];
    if (!a || !b) return null;
    const [first, second] = await Promise.all([this.descriptorOf(a), this.descriptorOf(b)]);
    if (!first || !second) return null;
    return faceMatchScore(euclideanDistance(first, second));
  }

  /** The kept descriptor, else (not yet computed, or lost to a restart) computed from the file now and kept. */
  private async descriptorOf(photo: PhotoModel): Promise<number[] | null> {
    // A counter-check photo (decision 0209) is never described.
    if (!PhotoService.faceChecked(photo)) return null;
    if (photo.faceDescriptor) return photo.faceDescriptor.length > 0 ? photo.faceDescriptor : null;
    try {
      const descriptor = await this.media.describeStored(photo.storageKey);
      await repository.setFaceDescriptor(this.db, photo.id, descriptor ?? []);
      return descriptor;
    } catch (error) {
      // The face check is busy or down: no score this time, and nothing kept, so the next reading tries again.
      this.logger.warn({ err: error, photoId: photo.id }, 'could not compute a face descriptor for a match score');
      return null;
    }
  }

  /** Before a form saves: each newly chosen picture must be the actor's own upload for the purpose, else `code` on its field. */
  async requireOwnPictures(tx: Executor, actorId: string, purpose: PhotoPurpose, code: ErrorCode, slots: readonly PictureSlot[]) {
    for (const slot of slots) {
      if (!slot.next || slot.next === slot.current) continue;
      const [photo] = await this.findByIds([slot.next], tx);
      if (photo?.purpose !== purpose || photo.ownerId !== actorId) throw new AppError(code, {}, [{ path: slot.path, code }]);
    }
  }

  /** After the form saved, in its transaction: the pictures it no longer uses go; returns their files for `deleteFiles` after the commit. */
  async deleteReplacedPictures(tx: Executor, slots: readonly PictureSlot[]) {
    const kept = new Set(slots.map((slot) => slot.next));
    const files: string[] = [];
    for (const slot of slots) if (slot.current && !kept.has(slot.current)) files.push(...(await this.deleteById(tx, slot.current)));
    return files;
  }

  /** Deletes one photo row in the caller's transaction; returns its file key for `deleteFiles`. */
  deleteById(tx: Executor, photoId: string) {
    return repository.deletePhotoById(tx, photoId);
  }

  /** Deletes the owners' photo rows in the caller's transaction; returns the file keys for `deleteFiles`. */
  deleteOwnedBy(tx: Executor, ownerIds: readonly string[]) {
    return repository.deletePhotosOfOwners(tx, ownerIds);
  }

  /** After the commit: a file that cannot be deleted now is logged (its row is already gone). */
  async deleteFiles(keys: readonly string[]) {
    for (const key of keys) {
      await this.media.deletePhoto(key).catch((error: unknown) => this.logger.error({ err: error, key }, 'could not delete an erased photo file'));
    }
  }
}
