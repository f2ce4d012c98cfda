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
import type { PortalModule } from './portal-module';
import { reviewModule } from './review/review.module';
import { showModule } from './show/show.module';
import { projectModule } from './project/project.module';
import { ticketModule } from './ticket/ticket.module';
import { viewerModule } from './viewer/viewer.module';
import { exhibitorModule } from './exhibitor/exhibitor.module';
import { entranceModule } from './entrance/entrance.module';
import type { Services } from '../services';

/** Every module that contributes resolvers, loaders or routes (docs/architecture.md): one line each. */
export const MODULES = [viewerModule, accountModule, showModule, mediaModule, applicationModule, reviewModule, ticketModule, submissionModule, catalogModule, productModule, bannerModule, badgeModule, auditModule, dashboardModule, exhibitorModule, projectModule, entranceModule] as const satisfies readonly PortalModule[];

type LoadersOf<TModule> = TModule extends { createLoaders: (services: Services) => infer TLoaders } ? TLoaders : never;
type Intersection<TUnion> = (TUnion extends unknown ? (value: TUnion) => void : never) extends (value: infer TAll) => void ? TAll : never;

/** Every module's DataLoaders, built afresh for each request (batching and caching last one request). */
export type Loaders = Intersection<LoadersOf<(typeof MODULES)[number]>>;

export function createLoaders(services: Services): Loaders {
  const loaders = {};
  for (const module of MODULES) if ('createLoaders' in module) Object.assign(loaders, module.createLoaders(services));
  return loaders as Loaders;
}
