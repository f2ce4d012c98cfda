import type { TSubmitProductInput } from '@portal/shared/product/product.schema';
import type { Database } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import { companyFilingSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import { SubmissionKindService } from '../submission/submission-kind.service';
import type { ProductApplicationModel } from './product.models';
import * as repository from './product.repository';

export const PRODUCT_SPEC = companyFilingSpec('product', repository.productQueries, (product: ProductApplicationModel) => product.nameZh);

/** Product applications: filed by an approved company's exhibitor, any number, reviewed through the review workflow. */
export class ProductService extends SubmissionKindService<ProductApplicationModel> {
  constructor(
    private readonly db: Database,
    workflow: SubmissionWorkflowService,
  ) {
    super(workflow, PRODUCT_SPEC);
  }

  /** Files a new application, or edits one of the company's own that is not approved (→ PENDING). */
  async submit(viewer: Viewer | undefined, { id, ...values }: TSubmitProductInput, origin: RequestOrigin) {
    const filer = await this.workflow.requireFiler(viewer);
    return this.workflow.file(
      PRODUCT_SPEC,
      filer,
      {
        existing: id ? { lock: (tx) => repository.findProductById(tx, id, true), required: true } : undefined,
        check: (tx, { before }) => this.workflow.requireUsablePhotos(tx, values.photoIds, 'PRODUCT', filer.actorId, before?.photoIds ?? [], 'photoIds'),
        write: (tx, pending, before) => (before ? repository.updateProduct(tx, before.id, values, pending) : repository.insertProduct(tx, filer.exhibitorId, values, pending)),
      },
      origin,
    );
  }

  /** One application: for the exhibitor section's organizers and the filing company only; anyone else gets null. */
  detail(viewer: Viewer | undefined, id: string | null) {
    return this.workflow.readable(viewer, id, (productId) => repository.findProductById(this.db, productId));
  }

  /** The company whose application shows this picture (photo access rule), or null. */
  async exhibitorReferencingPhoto(photoId: string): Promise<string | null> {
    return (await repository.findProductByPhoto(this.db, photoId))?.exhibitorId ?? null;
  }
}
