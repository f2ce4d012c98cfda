import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Services } from '../services';
import type { AccountModel } from './models';
import type { SessionRecord } from '../modules/auth/session.service';
import type { Loaders } from './loaders';

export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  requestId: string;
  locale: Locale;
  services: Services;
  /** The signed-in account, when the session cookie is valid; resolvers authorise from this only. */
  viewer: AccountModel | undefined;
  session: SessionRecord | undefined;
  /** Signs the caller in as the account (a new session in the cookie, the old one ended). */
  startSession(account: AccountModel): Promise<void>;
  loaders: Loaders;
}

/** Named apart from Yoga's own `request` (the Fetch Request it adds to every context). */
export interface YogaServerContext {
  fastifyRequest: FastifyRequest;
  fastifyReply: FastifyReply;
  /** The caller's session, resolved once at the edge before Yoga runs. */
  signedIn: { viewer: AccountModel; session: SessionRecord } | undefined;
}
