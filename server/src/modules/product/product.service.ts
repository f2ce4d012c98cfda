import { ZSubmitProductInput } from '@portal/shared/product/product.schema';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionReviewService, SubmissionSpec } from '../submission/submission-review.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import type { ProductApplicationModel } from './product.models';
import * as repository from './product.repository';

export const PRODUCT_SPEC: SubmissionSpec<ProductApplicationModel> = { kind: 'product', queries: repository.productQueries, titleOf: (product) => product.nameZh };

/** Product applications: filed by an approved company's exhibitor, any number, reviewed through the shared workflow. */
export class ProductService extends SubmissionKindService<ProductApplicationModel> {
  constructor(
    private readonly db: Database,
    submissions: SubmissionReviewService,
  ) {
    super(submissions, PRODUCT_SPEC);
  }

  /** Files a new application, or edits one of the company's own that is not approved (→ PENDING). */
  async submit(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const { id, ...values } = parseInput(ZSubmitProductInput, rawInput);
    return this.submissions.file(viewer, PRODUCT_SPEC, origin, {
      id,
      lock: (tx, productId) => repository.findProductById(tx, productId, true),
      pictures: { ids: values.photoIds, purpose: 'PRODUCT', field: 'photoIds', attachedTo: (product) => product.photoIds },
      insert: (tx, exhibitorId) => repository.insertProduct(tx, exhibitorId, values),
      update: (tx, productId) => repository.updateProduct(tx, productId, values),
    });
  }

  /** One application: for the exhibitor section's organizers and the filing company only; anyone else gets null. */
  detail(viewer: Viewer | undefined, rawId: unknown) {
    return this.submissions.readable(viewer, rawId, (id) => repository.findProductById(this.db, id));
  }

  /** The company whose application shows this picture (photo access rule), or null. */
  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findProductByPhoto(this.db, photoId))?.exhibitorId ?? null;
  }
}
