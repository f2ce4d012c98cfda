import DataLoader from 'dataloader';
import { manyByKey } from '../../lib/loaders';
import type { Services } from '../../services';

/** A page of the organizer's list asks for every row's accounts and badge count: one query each. */
export function exhibitorLoaders(services: Services) {
  return {
    exhibitorAccounts: manyByKey((ids: string[]) => services.exhibitors.accountsOf(ids), (account) => account.exhibitorId ?? ''),
    usedCredentials: new DataLoader<string, number>(async (ids) => {
      const used = await services.exhibitors.usedCredentials(ids);
      return ids.map((id) => used.get(id) ?? 0);
    }),
  };
}
