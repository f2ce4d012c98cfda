import DataLoader from 'dataloader';
import { manyByKey } from '../../lib/loaders';
import type { Services } from '../../services';
import type { BadgeQuotaBreakdown } from '@portal/shared/exhibitor/badge-quota';
import type { ExhibitorModel } from './exhibitor.models';

/** A page of the organizer's list asks for every row's accounts, badge count and quota: one query each. */
export function exhibitorLoaders(services: Services) {
  return {
    exhibitorAccounts: manyByKey((ids: string[]) => services.exhibitors.accountsOf(ids), (account) => account.exhibitorId ?? ''),
    badgeQuota: new DataLoader<ExhibitorModel, BadgeQuotaBreakdown, string>((companies) => services.badgeQuotas.breakdowns(companies), { cacheKeyFn: (company) => company.id }),
    usedCredentials: new DataLoader<string, number>(async (ids) => {
      const used = await services.exhibitors.usedCredentials(ids);
      return ids.map((id) => used.get(id) ?? 0);
    }),
  };
}
