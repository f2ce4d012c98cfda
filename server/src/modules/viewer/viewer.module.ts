import type { PortalModule } from '../portal-module';
import { viewerResolvers } from './viewer.resolvers';

export const viewerModule = { name: 'viewer', resolvers: viewerResolvers } satisfies PortalModule;
