import { ZSubmitProductInput } from '@portal/shared/product/product.schema';
import { ZSubmissionId, isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionReviewService, SubmissionSpec } from '../submission/submission-review.service';
import { isSubmissionReviewer } from '../submission/submission.policy';
import type { ProductApplicationModel } from './product.models';
import * as repository from './product.repository';

export const PRODUCT_SPEC: SubmissionSpec<ProductApplicationModel> = { kind: 'product', queries: repository.productQueries, titleOf: (product) => product.nameZh };

/** Product applications: filed by an approved company's exhibitor, any number, reviewed through the shared workflow. */
export class ProductService {
  constructor(
    private readonly db: Database,
    private readonly submissions: SubmissionReviewService,
  ) {}

  /** Files a new application, or edits one of the company's own that is not approved (→ PENDING). */
  async submit(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const { actorId, exhibitor } = await this.submissions.requireActiveExhibitor(viewer);
    const { id, ...values } = parseInput(ZSubmitProductInput, rawInput);
    return this.db.transaction(async (tx) => {
      const before = id ? await repository.findProductById(tx, id, true) : null;
      // Another company's application is simply not found.
      if (id && before?.exhibitorId !== exhibitor.id) throw new AppError('NOT_FOUND');
      if (before && !isEditableByExhibitor(before.status)) throw new AppError('SUBMISSION_NOT_EDITABLE');
      await this.submissions.requireUsablePhotos(tx, values.photoIds, 'PRODUCT', actorId, before?.photoIds ?? [], 'photoIds');
      const after = before ? await repository.updateProduct(tx, before.id, values) : await repository.insertProduct(tx, exhibitor.id, values);
      await this.submissions.recordFiling(tx, PRODUCT_SPEC, before ?? null, after, actorId, origin);
      return after;
    });
  }

  /** The company's own applications, paged and filtered like the queue. */
  mine(viewer: Viewer | undefined, rawInput: unknown) {
    return this.submissions.listOwn(PRODUCT_SPEC, viewer, rawInput);
  }

  list(viewer: Viewer | undefined, rawInput: unknown) {
    return this.submissions.list(PRODUCT_SPEC, viewer, rawInput);
  }

  /** One application: for the exhibitor section's organizers and the filing company only; anyone else gets null. */
  async detail(viewer: Viewer | undefined, rawId: unknown) {
    const exhibitorId = isSubmissionReviewer(viewer) ? null : await this.submissions.requireExhibitorId(viewer);
    const id = ZSubmissionId.safeParse(rawId);
    const product = id.success ? await repository.findProductById(this.db, id.data) : undefined;
    if (!product || (exhibitorId !== null && product.exhibitorId !== exhibitorId)) return null;
    return product;
  }

  approve(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    return this.submissions.approve(PRODUCT_SPEC, viewer, rawInput, origin);
  }

  reject(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    return this.submissions.reject(PRODUCT_SPEC, viewer, rawInput, origin);
  }

  historyOf(product: ProductApplicationModel) {
    return this.submissions.historyOf(PRODUCT_SPEC, product.id);
  }

  /** The company whose application shows this picture (photo access rule), or null. */
  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findProductByPhoto(this.db, photoId))?.exhibitorId ?? null;
  }
}
