import type { PortalModule } from '../portal-module';
import { registerSubmissionExportRoute } from './submission-export.routes';
import { isSubmissionReviewer } from './submission.policy';
import { submissionResolvers } from './submission.resolvers';

export const submissionModule = {
  name: 'submission',
  resolvers: submissionResolvers,
  // The queues' workbooks, one route each, written by each kind's sheet (catalog-export.ts, banner-export.ts, product-export.ts).
  registerRoutes: async (app) => {
    registerSubmissionExportRoute(app, 'catalog', (services) => services.catalogExport);
    registerSubmissionExportRoute(app, 'banners', (services) => services.bannerExport);
    registerSubmissionExportRoute(app, 'products', (services) => services.productExport);
  },
  connect: ({ photos, catalog, products, banners, submissions }) => {
    // Catalog logos, banner and product pictures: the filing company's accounts and the exhibitor section's organizers.
    photos.allowReading(async (viewer, photo) => {
      const owner = (await catalog.exhibitorReferencingPhoto(photo.id)) ?? (await products.exhibitorReferencingPhoto(photo.id)) ?? (await banners.exhibitorReferencingPhoto(photo.id));
      if (!owner) return null;
      return isSubmissionReviewer(viewer) || (await submissions.exhibitorIdOf(viewer)) === owner ? { audited: false } : null;
    });
  },
} satisfies PortalModule;
