import { arrayContains, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { SubmissionTableQueries, type PendingSubmission } from '../../lib/submission-tables';
import type { ProductApplicationModel, ProductValues } from './product.models';
import { productApplications, productStatusHistory } from './product.tables';

export const productQueries = new SubmissionTableQueries<ProductApplicationModel>(productApplications, productStatusHistory);

export async function findProductById(db: Executor, id: string, lock = false) {
  const query = db.select().from(productApplications).where(eq(productApplications.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function findProductByPhoto(db: Executor, photoId: string) {
  return db.query.productApplications.findFirst({ where: arrayContains(productApplications.photoIds, [photoId]) });
}

export async function insertProduct(db: Executor, exhibitorId: string, values: ProductValues, review: PendingSubmission) {
  const [row] = await db.insert(productApplications).values({ exhibitorId, ...values, ...review }).returning();
  if (!row) throw new Error('insert into product_applications returned no row');
  return row;
}

/** Replaces the values and sends the application back to review (the workflow's pending columns). */
export async function updateProduct(db: Executor, id: string, values: ProductValues, review: PendingSubmission) {
  const [row] = await db
    .update(productApplications)
    .set({ ...values, ...review })
    .where(eq(productApplications.id, id))
    .returning();
  if (!row) throw new Error('update of a locked product application returned no row');
  return row;
}
