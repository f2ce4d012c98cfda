import type { PortalModule } from '../portal-module';
import { registerReviewExportRoutes } from './review-export.routes';
import { reviewResolvers } from './review.resolvers';

export const reviewModule = { name: 'review', resolvers: reviewResolvers, registerRoutes: registerReviewExportRoutes } satisfies PortalModule;
