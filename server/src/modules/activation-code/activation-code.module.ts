import type { PortalModule } from '../portal-module';
import { registerActivationCodeDevRoutes } from './activation-code-dev.routes';

/** The codes themselves (the show office manages them through the project module). */
export const activationCodeModule = {
  name: 'activation-code',
  registerRoutes: async (app, { production }) => {
    if (!production) await registerActivationCodeDevRoutes(app, app.services.activationCodes);
  },
  connect: ({ auditLog, activationCodes }) => {
    auditLog.nameSubjects('activation_code', async (ids) => new Map((await activationCodes.byIds(ids)).map((code) => [code.id, code.code])));
  },
} satisfies PortalModule;
