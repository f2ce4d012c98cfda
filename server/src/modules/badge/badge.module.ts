import type { PortalModule } from '../portal-module';
import { registerBadgeExportRoutes } from './badge-export.routes';
import { badgeResolvers } from './badge.resolvers';

export const badgeModule = {
  name: 'badge',
  resolvers: badgeResolvers,
  registerRoutes: registerBadgeExportRoutes,
  connect: ({ photos, badges, exhibitors, auditLog }) => {
    // The section's organizers (audited) and the owning company's accounts may open a badge's photos.
    photos.allowReading((viewer, photo) => badges.photoAccess(viewer, photo.id));
    // A company's limit may not fall below its counted badges: this module counts them for the exhibitor module.
    exhibitors.countCredentialsWith({ countOne: (tx, id) => badges.countCounting(tx, id), countMany: (ids) => badges.countCountingOf(ids) });
    auditLog.nameSubjects('badge', (ids) => badges.namesByIds(ids));
  },
} satisfies PortalModule;
