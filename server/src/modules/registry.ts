import { catalogModule } from './catalog/catalog.module';
import { bannerModule } from './banner/banner.module';
import { productModule } from './product/product.module';
import { submissionModule } from './submission/submission.module';
import { accountModule } from './account/account.module';
import { applicationModule } from './application/application.module';
import { auditModule } from './audit/audit.module';
import { badgeModule } from './badge/badge.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { mediaModule } from './media/media.module';
import type { PortalModule, RouteOptions } from './portal-module';
import { reviewModule } from './review/review.module';
import { showModule } from './show/show.module';
import { projectModule } from './project/project.module';
import { ticketModule } from './ticket/ticket.module';
import { badgePrintModule } from './badge-print/badge-print.module';
import { invitationLetterModule } from './invitation-letter/invitation-letter.module';
import { visitorGroupModule } from './visitor-group/visitor-group.module';
import { viewerModule } from './viewer/viewer.module';
import { exhibitorModule } from './exhibitor/exhibitor.module';
import { entranceModule } from './entrance/entrance.module';
import { entranceRoomModule } from './entrance-room/entrance-room.module';
import { authModule } from './auth/auth.module';
import { activationCodeModule } from './activation-code/activation-code.module';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

/** Every module that contributes resolvers, loaders, routes or hooks (docs/architecture.md): one line each. */
export const MODULES = [authModule, viewerModule, accountModule, showModule, mediaModule, applicationModule, reviewModule, ticketModule, submissionModule, catalogModule, productModule, bannerModule, badgeModule, auditModule, dashboardModule, exhibitorModule, projectModule, entranceModule, entranceRoomModule, activationCodeModule, badgePrintModule, invitationLetterModule, visitorGroupModule] as const satisfies readonly PortalModule[];

type LoadersOf<TModule> = TModule extends { createLoaders: (services: Services) => infer TLoaders } ? TLoaders : never;
type Intersection<TUnion> = (TUnion extends unknown ? (value: TUnion) => void : never) extends (value: infer TAll) => void ? TAll : never;

/** Every module's DataLoaders, built afresh for each request (batching and caching last one request). */
export type Loaders = Intersection<LoadersOf<(typeof MODULES)[number]>>;

export function createLoaders(services: Services): Loaders {
  const loaders = {};
  for (const module of MODULES) if ('createLoaders' in module) Object.assign(loaders, module.createLoaders(services));
  return loaders as Loaders;
}

/** Every module's hooks into the others' services (photo access, audit subject names, counters), once per process. */
export function connectModules(services: Services) {
  for (const module of MODULES) if ('connect' in module) module.connect(services);
}

export async function registerModuleRoutes(app: FastifyInstance, options: RouteOptions) {
  for (const module of MODULES) if ('registerRoutes' in module) await module.registerRoutes(app, options);
}
