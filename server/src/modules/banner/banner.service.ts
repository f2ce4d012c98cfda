import { ZSaveBannerPlacementInput, ZSubmitBannerInput } from '@portal/shared/banner/banner.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireViewer } from '../../lib/authorize';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { SubmissionReviewService, SubmissionSpec } from '../submission/submission-review.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import { isSubmissionReviewer, requireSubmissionReviewer } from '../submission/submission.policy';
import type { BannerApplicationModel } from './banner.models';
import * as repository from './banner.repository';

const SPEC: SubmissionSpec<BannerApplicationModel> = { kind: 'banner', queries: repository.bannerQueries, titleOf: (banner) => banner.title };

/** The organizer's list starts with the placements a motorcycle show usually sells (docs/decisions/0409-catalog-products-banners.md). */
const DEFAULT_PLACEMENTS = [
  { nameZh: '官网首页轮播图', nameEn: 'Website home carousel', size: '1920×600 px' },
  { nameZh: '展商后台顶部横幅', nameEn: 'Portal header banner', size: '1200×200 px' },
  { nameZh: '展馆入口门楣', nameEn: 'Hall entrance banner', size: '6000×1500 px' },
  { nameZh: '观众登记页横幅', nameEn: 'Visitor registration banner', size: '750×300 px' },
  { nameZh: '电子会刊内页', nameEn: 'E-catalog inside page', size: '1242×1660 px' },
] as const;

/** Banner applications and the organizer's list of placements. */
export class BannerService extends SubmissionKindService<BannerApplicationModel> {
  constructor(
    private readonly db: Database,
    submissions: SubmissionReviewService,
    private readonly audit: AuditService,
  ) {
    super(submissions, SPEC);
  }

  /** The placements (open ones for exhibitors; all for organizers); the defaults are written on first use. */
  async placements(viewer: Viewer | undefined) {
    requireViewer(viewer);
    if ((await repository.countPlacements(this.db)) === 0) {
      await repository.insertPlacements(this.db, DEFAULT_PLACEMENTS.map((placement, index) => ({ ...placement, active: true, sortOrder: index })));
    }
    const rows = await repository.listPlacements(this.db);
    return isSubmissionReviewer(viewer) ? rows : rows.filter((row) => row.active);
  }

  /** Organizers: add a placement or change one (a closed placement takes no new applications). */
  async savePlacement(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const organizer = requireSubmissionReviewer(viewer);
    const { id, ...values } = parseInput(ZSaveBannerPlacementInput, rawInput);
    return this.db.transaction(async (tx) => {
      const row = id ? await repository.updatePlacement(tx, id, values) : (await repository.insertPlacements(tx, [{ ...values, sortOrder: (await repository.countPlacements(tx)) + 1 }]))[0];
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.record(origin, { actorId: organizer.id, action: 'banner.placement', subjectType: 'banner_placement', subjectId: row.id, detail: { ...values } }, tx);
      return row;
    });
  }

  async submit(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const { id, ...values } = parseInput(ZSubmitBannerInput, rawInput);
    return this.submissions.file(viewer, SPEC, origin, {
      id,
      lock: (tx, bannerId) => repository.findBannerById(tx, bannerId, true),
      check: async (tx) => {
        const placement = await repository.findPlacementById(tx, values.placementId);
        if (!placement?.active) throw new AppError('BANNER_PLACEMENT_INVALID', {}, [{ path: 'placementId', code: 'BANNER_PLACEMENT_INVALID' }]);
      },
      pictures: { ids: [values.pictureId], purpose: 'BANNER', field: 'pictureId', attachedTo: (banner) => [banner.pictureId] },
      insert: (tx, exhibitorId) => repository.insertBanner(tx, exhibitorId, values),
      update: (tx, bannerId) => repository.updateBanner(tx, bannerId, values),
    });
  }

  /** One application: for the exhibitor section's organizers and the filing company only; anyone else gets null. */
  detail(viewer: Viewer | undefined, rawId: unknown) {
    return this.submissions.readable(viewer, rawId, (id) => repository.findBannerById(this.db, id));
  }

  placementOf(banner: BannerApplicationModel) {
    return repository.findPlacementById(this.db, banner.placementId);
  }

  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findBannerByPicture(this.db, photoId))?.exhibitorId ?? null;
  }
}
