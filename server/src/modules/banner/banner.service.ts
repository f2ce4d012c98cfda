import { BANNER_SIZE_TOLERANCE, bannerPictureFits, formatPlacementSize } from '@portal/shared/banner/banner-size';
import type { TSaveBannerPlacementInput, TSubmitBannerInput } from '@portal/shared/banner/banner.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireViewer } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { PhotoService } from '../media/photo.service';
import { companyFilingSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import { isSubmissionReviewer, requireSubmissionReviewer } from '../submission/submission.policy';
import type { BannerApplicationModel, BannerPlacementModel } from './banner.models';
import * as repository from './banner.repository';

const SPEC = companyFilingSpec('banner', repository.bannerQueries, (banner: BannerApplicationModel) => banner.title);

/** The organizer's list starts with the placements a motorcycle show usually sells (docs/decisions/0409-catalog-products-banners.md). */
const DEFAULT_PLACEMENTS = [
  { nameZh: '官网首页轮播图', nameEn: 'Website home carousel', width: 1920, height: 600 },
  { nameZh: '展商后台顶部横幅', nameEn: 'Portal header banner', width: 1200, height: 200 },
  { nameZh: '展馆入口门楣', nameEn: 'Hall entrance banner', width: 6000, height: 1500 },
  { nameZh: '观众登记页横幅', nameEn: 'Visitor registration banner', width: 750, height: 300 },
  { nameZh: '电子会刊内页', nameEn: 'E-catalog inside page', width: 1242, height: 1660 },
] as const;

/** Banner applications and the organizer's list of placements. */
export class BannerService extends SubmissionKindService<BannerApplicationModel> {
  constructor(
    private readonly db: Database,
    workflow: SubmissionWorkflowService,
    private readonly audit: AuditService,
    private readonly photos: Pick<PhotoService, 'findByIds'>,
  ) {
    super(workflow, SPEC);
  }

  /** The placements (open ones for exhibitors; all for organizers); the defaults are written on first use. */
  async placements(viewer: Viewer | undefined) {
    requireViewer(viewer);
    if ((await repository.countPlacements(this.db)) === 0) {
      await repository.insertPlacements(
        this.db,
        DEFAULT_PLACEMENTS.map((placement, index) => ({ ...placement, size: formatPlacementSize(placement), active: true, sortOrder: index })),
      );
    }
    const rows = await repository.listPlacements(this.db);
    return isSubmissionReviewer(viewer) ? rows : rows.filter((row) => row.active);
  }

  /** Organizers: add a placement or change one (a closed placement takes no new applications). */
  async savePlacement(viewer: Viewer | undefined, { id, ...input }: TSaveBannerPlacementInput, origin: RequestOrigin) {
    const organizer = requireSubmissionReviewer(viewer);
    const values = { ...input, size: formatPlacementSize(input) };
    return this.db.transaction(async (tx) => {
      const row = id ? await repository.updatePlacement(tx, id, values) : (await repository.insertPlacements(tx, [{ ...values, sortOrder: (await repository.countPlacements(tx)) + 1 }]))[0];
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit.record(origin, { actorId: organizer.id, action: 'banner.placement', subjectType: 'banner_placement', subjectId: row.id, detail: { ...values } }, tx);
      return row;
    });
  }

  /** Files a banner application, or edits one of the company's own that is not approved (→ PENDING), for an open placement. */
  async submit(viewer: Viewer | undefined, { id, ...values }: TSubmitBannerInput, origin: RequestOrigin) {
    const filer = await this.workflow.requireFiler(viewer);
    return this.workflow.file(
      SPEC,
      filer,
      {
        existing: id ? { lock: (tx) => repository.findBannerById(tx, id, true), required: true } : undefined,
        check: async (tx, { before }) => {
          const placement = await repository.findPlacementById(tx, values.placementId);
          if (!placement?.active) throw new AppError('BANNER_PLACEMENT_INVALID', {}, [{ path: 'placementId', code: 'BANNER_PLACEMENT_INVALID' }]);
          await this.requirePictureFits(tx, values.pictureId, placement);
          await this.workflow.requireUsablePhotos(tx, [values.pictureId], 'BANNER', filer.actorId, before ? [before.pictureId] : [], 'pictureId');
        },
        write: (tx, pending, before) => (before ? repository.updateBanner(tx, before.id, values, pending) : repository.insertBanner(tx, filer.exhibitorId, values, pending)),
      },
      origin,
    );
  }

  /**
   * BANNER_PICTURE_SIZE_MISMATCH unless the picture meets the placement's size rule (shared banner-size.ts). A
   * picture that is not there is the filing's own check (SUBMISSION_PHOTO_INVALID).
   */
  private async requirePictureFits(tx: Executor, pictureId: string, placement: BannerPlacementModel) {
    const [picture] = await this.photos.findByIds([pictureId], tx);
    if (!picture || bannerPictureFits(picture, placement)) return;
    const params = { size: formatPlacementSize(placement), tolerance: BANNER_SIZE_TOLERANCE * 100, pictureSize: formatPlacementSize(picture) };
    throw new AppError('BANNER_PICTURE_SIZE_MISMATCH', params, [{ path: 'pictureId', code: 'BANNER_PICTURE_SIZE_MISMATCH' }]);
  }

  /** One application: for the exhibitor section's organizers and the filing company only; anyone else gets null. */
  detail(viewer: Viewer | undefined, id: string | null) {
    return this.workflow.readable(viewer, id, (bannerId) => repository.findBannerById(this.db, bannerId));
  }

  placementOf(banner: BannerApplicationModel) {
    return repository.findPlacementById(this.db, banner.placementId);
  }

  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findBannerByPicture(this.db, photoId))?.exhibitorId ?? null;
  }
}
