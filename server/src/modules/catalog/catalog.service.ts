import { ZSubmitCatalogEntryInput } from '@portal/shared/catalog/catalog.schema';
import { ZSubmissionId, isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionReviewService, SubmissionSpec } from '../submission/submission-review.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import { requireSubmissionReviewer } from '../submission/submission.policy';
import type { CatalogEntryModel } from './catalog.models';
import * as repository from './catalog.repository';

const SPEC: SubmissionSpec<CatalogEntryModel> = { kind: 'catalog', queries: repository.catalogQueries, titleOf: (entry) => entry.companyNameZh };

/**
 * The show catalog (SPEC 3, 5): one entry per company, filed by its exhibitor while the company is
 * approved, reviewed by the exhibitor section's organizers through the shared submission workflow.
 */
export class CatalogService extends SubmissionKindService<CatalogEntryModel> {
  constructor(
    private readonly db: Database,
    submissions: SubmissionReviewService,
  ) {
    super(submissions, SPEC);
  }

  /** The viewer's company entry, or null before the first filing. */
  async own(viewer: Viewer | undefined) {
    const exhibitorId = await this.submissions.requireExhibitorId(viewer);
    return (await repository.findCatalogEntryOfExhibitor(this.db, exhibitorId)) ?? null;
  }

  /** Files or edits the entry (→ PENDING); an approved entry is read-only. */
  async submit(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const { actorId, exhibitor } = await this.submissions.requireActiveExhibitor(viewer);
    const { logoId, ...values } = parseInput(ZSubmitCatalogEntryInput, rawInput);
    if (!exhibitor.bootNumber?.trim()) throw new AppError('CATALOG_BOOTH_MISSING');
    return this.db.transaction(async (tx) => {
      const before = (await repository.findCatalogEntryOfExhibitor(tx, exhibitor.id, true)) ?? null;
      if (before && !isEditableByExhibitor(before.status)) throw new AppError('SUBMISSION_NOT_EDITABLE');
      await this.submissions.requireUsablePhotos(tx, [logoId], 'CATALOG', actorId, before ? [before.logoPhotoId] : [], 'logoId');
      const after = await repository.upsertCatalogEntry(tx, exhibitor.id, { ...values, regionCode: values.regionCode || null, logoPhotoId: logoId });
      await this.submissions.recordFiling(tx, SPEC, before, after, actorId, origin);
      return after;
    });
  }

  /** Organizers: one entry by id. */
  async detail(viewer: Viewer | undefined, rawId: unknown) {
    requireSubmissionReviewer(viewer);
    const id = ZSubmissionId.safeParse(rawId);
    return id.success ? ((await repository.findCatalogEntryById(this.db, id.data)) ?? null) : null;
  }

  /** The company whose entry shows this logo (photo access rule), or null. */
  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findCatalogEntryByLogo(this.db, photoId))?.exhibitorId ?? null;
  }
}
