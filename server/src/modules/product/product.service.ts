import { ZSubmitProductInput } from '@portal/shared/product/product.schema';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionReviewService, SubmissionSpec } from '../submission/submission-review.service';
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
    const { id, ...values } = parseInput(ZSubmitProductInput, rawInput);
    return this.submissions.file(viewer, PRODUCT_SPEC, origin, {
      id,
      lock: (tx, productId) => repository.findProductById(tx, productId, true),
      pictures: { ids: values.photoIds, purpose: 'PRODUCT', field: 'photoIds', attachedTo: (product) => product.photoIds },
      insert: (tx, exhibitorId) => repository.insertProduct(tx, exhibitorId, values),
      update: (tx, productId) => repository.updateProduct(tx, productId, values),
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
  detail(viewer: Viewer | undefined, rawId: unknown) {
    return this.submissions.readable(viewer, rawId, (id) => repository.findProductById(this.db, id));
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
