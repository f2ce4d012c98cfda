import type { productApplications } from './product.tables';

/** GraphQL ProductApplication. */
export type ProductApplicationModel = typeof productApplications.$inferSelect;
export type ProductValues = Pick<typeof productApplications.$inferInsert, 'nameZh' | 'nameEn' | 'category' | 'descriptionZh' | 'descriptionEn' | 'photoIds'>;
