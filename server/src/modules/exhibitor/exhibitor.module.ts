import type { PortalModule } from '../portal-module';
import { registerExhibitorExportRoute } from './exhibitor-export.routes';
import { exhibitorLoaders } from './exhibitor.loaders';
import { exhibitorResolvers } from './exhibitor.resolvers';
import { badgeQuotaResolvers } from './badge-quota.resolvers';
import { registerExhibitorImportRoute } from './exhibitor-import.routes';

export const exhibitorModule = {
  name: 'exhibitor',
  resolvers: {
    ...exhibitorResolvers,
    ...badgeQuotaResolvers,
    Query: { ...exhibitorResolvers.Query, ...badgeQuotaResolvers.Query },
    Mutation: { ...exhibitorResolvers.Mutation, ...badgeQuotaResolvers.Mutation },
  },
  createLoaders: exhibitorLoaders,
  registerRoutes: async (app) => {
    registerExhibitorExportRoute(app);
    await registerExhibitorImportRoute(app);
  },
  connect: ({ photos, exhibitors, auditLog }) => {
    // A company's logo: its own accounts and the exhibitor section's organizers.
    photos.allowReading((viewer, photo) => exhibitors.logoAccess(viewer, photo.id));
    auditLog.nameSubjects('exhibitor', async (ids, locale) => new Map((await exhibitors.findByIds(ids)).map((company) => [company.id, (locale === 'zh-CN' ? company.nameZh : company.nameEn) || company.nameZh])));
  },
} satisfies PortalModule;
