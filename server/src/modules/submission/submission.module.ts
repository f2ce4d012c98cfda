import type { PortalModule } from '../portal-module';
import { submissionResolvers } from './submission.resolvers';

export const submissionModule = { name: 'submission', resolvers: submissionResolvers } satisfies PortalModule;
