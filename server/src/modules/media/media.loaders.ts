import { oneByKey } from '../../lib/loaders';
import type { Services } from '../../services';

export function mediaLoaders(services: Services) {
  return { photo: oneByKey((ids: string[]) => services.photos.findByIds(ids), (photo) => photo.id) };
}
