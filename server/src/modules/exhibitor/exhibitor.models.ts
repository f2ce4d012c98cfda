import type { BadgeQuotaBreakdown, BoothQuotaRule } from '@portal/shared/exhibitor/badge-quota';
import type { Executor } from '../../db/client';
import type { AccountModel } from '../account/account.models';
import type { exhibitors, extraBadgeOrders } from './exhibitor.tables';

/** Company record of an exhibitor (SPEC 3: Xuser.exhibitor). */
export type ExhibitorModel = typeof exhibitors.$inferSelect;
/** A new company: its limit is computed from the booth (or the override) when it is created. */
export type NewExhibitor = Pick<typeof exhibitors.$inferInsert, 'nameZh' | 'nameEn' | 'bootNumber' | 'status' | 'contactName' | 'contactMobile' | 'contactEmail'> &
  Partial<Pick<ExhibitorModel, 'logoPhotoId' | 'boothArea' | 'boothType' | 'limitOverride' | 'limitOverrideReason'>>;
export type ExhibitorChanges = Partial<Pick<ExhibitorModel, 'nameZh' | 'nameEn' | 'credentialLimit' | 'bootNumber' | 'contactName' | 'status' | 'logoPhotoId' | 'boothArea' | 'boothType' | 'limitOverride' | 'limitOverrideReason'>>;

/** An order of extra badges (GraphQL `ExtraBadgeOrder`); the organizers' list adds the ordering company. */
export type ExtraBadgeOrderModel = typeof extraBadgeOrders.$inferSelect & { company?: { nameZh: string; nameEn: string; bootNumber: string | null } };

/** How a company's limit was reached (GraphQL `BadgeQuota`). */
export type BadgeQuotaModel = BadgeQuotaBreakdown;
/** A booth type's rule (GraphQL `BoothQuotaRule`). */
export type BoothQuotaRuleModel = BoothQuotaRule;

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
