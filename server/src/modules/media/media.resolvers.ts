import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { PhotoService } from './photo.service';

export const mediaResolvers: Resolvers = {
  Mutation: {
    uploadPhoto: async (_parent, { file, purpose, counterCheck }, context) => {
      const viewer = requireViewer(context.viewer);
      const picture = await file;
      return context.services.admission.run(context.request, () => context.services.photos.upload(viewer, picture, purpose, { counterCheck: counterCheck === true }));
    },
  },
  Photo: {
    url: (photo) => PhotoService.urlOf(photo),
  },
};
