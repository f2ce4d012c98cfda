import type { PortalModule } from '../portal-module';
import { bannerResolvers } from './banner.resolvers';

export const bannerModule = { name: 'banner', resolvers: bannerResolvers } satisfies PortalModule;
