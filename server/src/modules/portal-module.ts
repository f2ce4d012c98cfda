import type { FastifyInstance } from 'fastify';
import type { Resolvers } from '../graphql/resolvers.generated';
import type { Services } from '../services';

/** What a module's routes may depend on beyond the services (development-only routes stay out of production). */
export interface RouteOptions {
  readonly production: boolean;
}

/**
 * What a module contributes to the server, declared in its own `<name>.module.ts`: GraphQL resolvers
 * (its SDL files are found by name), per-request DataLoaders built from its services, HTTP routes, and
 * its hooks into other modules' services — the photos it lets people open (`photos.allowReading`), the
 * names of its audit subjects (`auditLog.nameSubjects`), counters and callbacks another module asks for.
 * `registry.ts` lists the modules; adding one is one line there and its services in `services.ts`, which
 * only builds them: every rule that ties two modules together is the module's own, here.
 */
export interface PortalModule {
  readonly name: string;
  readonly resolvers?: Resolvers;
  readonly createLoaders?: (services: Services) => object;
  readonly registerRoutes?: (app: FastifyInstance, options: RouteOptions) => Promise<void>;
  /** Run once, after every module's services are built. */
  readonly connect?: (services: Services) => void;
}
