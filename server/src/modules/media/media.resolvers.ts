import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { PhotoService } from './photo.service';

export const mediaResolvers: Resolvers = {
  Mutation: {
    uploadPhoto: async (_parent, { file, purpose }, context) => context.services.photos.upload(requireViewer(context.viewer), await file, purpose),
  },
  Photo: {
    url: (photo) => PhotoService.urlOf(photo),
  },
};
