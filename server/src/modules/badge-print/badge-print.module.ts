import type { PortalModule } from '../portal-module';
import { badgePrintResolvers } from './badge-print.resolvers';
import { registerBadgePrintRoutes } from './badge-print.routes';

export const badgePrintModule = {
  name: 'badge-print',
  resolvers: badgePrintResolvers,
  registerRoutes: async (app) => {
    registerBadgePrintRoutes(app);
  },
  connect: ({ photos, badgePrint }) => {
    // A template's background and logo open for the ticket office (no personal data: not audited).
    photos.allowReading((viewer, photo) => badgePrint.pictureAccess(viewer, photo.id));
  },
} satisfies PortalModule;
