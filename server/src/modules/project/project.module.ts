import type { PortalModule } from '../portal-module';
import { registerActivationCodeTransferRoutes } from './activation-code-transfer.routes';
import { projectResolvers } from './project.resolvers';

/** The project section (/wo/project): the show's settings and the activation codes. */
export const projectModule = { name: 'project', resolvers: projectResolvers, registerRoutes: registerActivationCodeTransferRoutes } satisfies PortalModule;
