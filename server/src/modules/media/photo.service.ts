import type { Database } from '../../db/client';
import type { AccountModel } from '../../graphql/models';
import { AppError } from '../../lib/app-error';
import { PHOTO_PROFILES, maxMegabytes, type PhotoProfile } from '@portal/shared/media/photo-rules';
import { SECTION_RULES, satisfiesRoleRule } from '@portal/shared/auth/scopes';
import type { AccountService } from '../account/account.service';
import type { MediaService } from './media.service';
import * as repository from './photo.repository';
import type { PhotoRow } from './photo.repository';

type PhotoPurpose = PhotoRow['purpose'];

/** Which checks a purpose needs: visitors' photos must show exactly one face (SPEC 5). */
const PURPOSES: Partial<Record<PhotoPurpose, { profile: PhotoProfile; face: boolean; kind: string }>> = {
  ENTRY_CARD: { profile: 'audience', face: true, kind: 'entry-photo' },
  ID_CARD: { profile: 'audience', face: true, kind: 'id-photo' },
};

/** Upload and authorised reading of pictures; URLs point at /apis/files/photos/:id, never a public folder. */
export class PhotoService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaService,
    private readonly accounts: AccountService,
  ) {}

  static urlOf(photo: Pick<PhotoRow, 'id'>) {
    return `/apis/files/photos/${photo.id}`;
  }

  async upload(owner: AccountModel, file: File, purpose: PhotoPurpose): Promise<PhotoRow> {
    const rules = PURPOSES[purpose];
    if (!rules || owner.scope !== 'audience') throw new AppError('FORBIDDEN');
    // Refuse an oversized upload before reading it into memory.
    if (file.size > PHOTO_PROFILES[rules.profile].maxBytes) throw new AppError('PHOTO_TOO_LARGE_BYTES', { megabytes: maxMegabytes(rules.profile) });
    const stored = await this.media.storePhoto(Buffer.from(await file.arrayBuffer()), rules);
    return repository.insertPhoto(this.db, {
      ownerId: owner.id,
      purpose,
      storageKey: stored.key,
      contentType: stored.contentType,
      width: stored.width,
      height: stored.height,
      bytes: stored.bytes,
      faceDescriptor: stored.descriptor ?? null,
    });
  }

  /**
   * The photo, when the viewer may see it: its owner, or an organizer who reviews applications
   * (for photos an application references). `reviewed` tells the caller to write the audit entry.
   */
  async readable(viewer: AccountModel, photoId: string): Promise<{ photo: PhotoRow; reviewed: boolean }> {
    const photo = /^[0-9a-f-]{36}$/.test(photoId) ? await repository.findPhotoById(this.db, photoId) : undefined;
    if (!photo) throw new AppError('NOT_FOUND');
    if (photo.ownerId === viewer.id) return { photo, reviewed: false };
    if (viewer.scope === 'organizer') {
      const roles = (await this.accounts.rolesOf(viewer.id)).map((role) => role.id);
      if (satisfiesRoleRule(roles, SECTION_RULES.audience) && (await repository.isApplicationPhoto(this.db, photo.id))) {
        return { photo, reviewed: true };
      }
    }
    throw new AppError('NOT_FOUND');
  }

  open(photo: PhotoRow) {
    return this.media.openPhoto(photo.storageKey);
  }
}
