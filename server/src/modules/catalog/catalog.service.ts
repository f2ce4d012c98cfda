import type { TSubmitCatalogEntryInput } from '@portal/shared/catalog/catalog.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import { companyFilingSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import { requireSubmissionReviewer } from '../submission/submission.policy';
import type { CatalogEntryModel } from './catalog.models';
import * as repository from './catalog.repository';

const SPEC = companyFilingSpec('catalog', repository.catalogQueries, (entry: CatalogEntryModel) => entry.companyNameZh);

/**
 * The show catalog (SPEC 3, 5): one entry per company, filed by its exhibitor while the company is
 * approved, reviewed by the exhibitor section's organizers through the review workflow.
 */
export class CatalogService extends SubmissionKindService<CatalogEntryModel> {
  constructor(
    private readonly db: Database,
    workflow: SubmissionWorkflowService,
  ) {
    super(workflow, SPEC);
  }

  /** The viewer's company entry, or null before the first filing. */
  async own(viewer: Viewer | undefined) {
    const { exhibitorId } = await this.workflow.requireFiler(viewer);
    return (await repository.findCatalogEntryOfExhibitor(this.db, exhibitorId)) ?? null;
  }

  /** Files or edits the company's one entry (→ PENDING); an approved entry is read-only; the booth must be known. */
  async submit(viewer: Viewer | undefined, { logoId, ...values }: TSubmitCatalogEntryInput, origin: RequestOrigin) {
    const filer = await this.workflow.requireFiler(viewer);
    return this.workflow.file(
      SPEC,
      filer,
      {
        existing: { lock: (tx) => repository.findCatalogEntryOfExhibitor(tx, filer.exhibitorId, true), required: false },
        check: async (tx, { company, before }) => {
          if (!company.bootNumber?.trim()) throw new AppError('CATALOG_BOOTH_MISSING');
          await this.workflow.requireUsablePhotos(tx, [logoId], 'CATALOG', filer.actorId, before ? [before.logoPhotoId] : [], 'logoId');
        },
        write: (tx, pending) => repository.upsertCatalogEntry(tx, filer.exhibitorId, { ...values, regionCode: values.regionCode || null, logoPhotoId: logoId }, pending),
      },
      origin,
    );
  }

  /** Organizers: one entry by id (null for an unknown or malformed id). */
  async detail(viewer: Viewer | undefined, id: string | null) {
    requireSubmissionReviewer(viewer);
    return id ? ((await repository.findCatalogEntryById(this.db, id)) ?? null) : null;
  }

  /** The company whose entry shows this logo (photo access rule), or null. */
  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findCatalogEntryByLogo(this.db, photoId))?.exhibitorId ?? null;
  }
}
