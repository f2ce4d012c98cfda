import type { Executor } from '../../db/client';
import type { AccountModel } from '../account/account.models';
import type { exhibitors } from './exhibitor.tables';

/** Company record of an exhibitor (SPEC 3: Xuser.exhibitor). */
export type ExhibitorModel = typeof exhibitors.$inferSelect;
export type NewExhibitor = Pick<typeof exhibitors.$inferInsert, 'nameZh' | 'nameEn' | 'credentialLimit' | 'bootNumber' | 'status' | 'contactName' | 'contactMobile' | 'contactEmail'> & { logoPhotoId?: string | null };
export type ExhibitorChanges = Partial<Pick<ExhibitorModel, 'nameZh' | 'nameEn' | 'credentialLimit' | 'bootNumber' | 'contactName' | 'status' | 'logoPhotoId'>>;

/** One page of the organizer's list (GraphQL `ExhibitorPage`). */
export interface ExhibitorPageModel {
  nodes: ExhibitorModel[];
  total: number;
  page: number;
  pageSize: number;
}

/** A company with its first account and the initial password, shown once to the organizer (GraphQL `ExhibitorWithInitialPassword`). */
export interface ExhibitorWithInitialPasswordModel {
  exhibitor: ExhibitorModel;
  initialPassword: string;
}

/** Counts the badges that use the company's limit, in the caller's transaction (the badge module answers). */
export type CredentialCounter = {
  countOne(tx: Executor, exhibitorId: string): Promise<number>;
  countMany(exhibitorIds: readonly string[]): Promise<Map<string, number>>;
};

/** A company's account as the organizer's list shows it (GraphQL `ExhibitorAccount`). */
export type ExhibitorAccountModel = AccountModel;
