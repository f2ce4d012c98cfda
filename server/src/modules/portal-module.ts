import type { FastifyInstance } from 'fastify';
import type { Resolvers } from '../graphql/resolvers.generated';
import type { Services } from '../services';

/**
 * What a module contributes to the server, declared in its own `<name>.module.ts`: GraphQL resolvers
 * (its SDL files are found by name), per-request DataLoaders built from its services, and HTTP routes.
 * `registry.ts` lists the modules; adding one is one line there and one in `services.ts`.
 */
export interface PortalModule {
  readonly name: string;
  readonly resolvers?: Resolvers;
  readonly createLoaders?: (services: Services) => object;
  readonly registerRoutes?: (app: FastifyInstance) => Promise<void>;
}
