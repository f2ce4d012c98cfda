import { oneByKey } from '../../lib/loaders';
import type { Services } from '../../services';

export function accountLoaders(services: Services) {
  return { account: oneByKey((ids: string[]) => services.accounts.findByIds(ids), (account) => account.id) };
}
