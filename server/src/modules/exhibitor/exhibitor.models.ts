import type { exhibitors } from './exhibitor.tables';

/** Company record of an exhibitor (SPEC 3: Xuser.exhibitor). */
export type ExhibitorModel = typeof exhibitors.$inferSelect;
export type NewExhibitor = Pick<typeof exhibitors.$inferInsert, 'nameZh' | 'nameEn' | 'credentialLimit' | 'bootNumber'>;
