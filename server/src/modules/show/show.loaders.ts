import { oneByKey } from '../../lib/loaders';
import type { Services } from '../../services';

export function showLoaders(services: Services) {
  return { channel: oneByKey((ids: string[]) => services.show.channelsByIds(ids), (channel) => channel.id) };
}
