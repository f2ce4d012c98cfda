import type { PortalModule } from '../portal-module';
import { registerAuthRoutes } from './auth.routes';

/** Sign-in, sign-out, the captcha and verification codes over REST (the session cookie is set here). */
export const authModule = { name: 'auth', registerRoutes: registerAuthRoutes } satisfies PortalModule;
