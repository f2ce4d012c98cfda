import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Services } from '../services';
import type { AccountModel, AccountViewer } from '../modules/account/account.models';
import type { RequestOrigin } from '../modules/audit/audit.models';
import type { SessionRecord } from '../modules/auth/session.service';
import type { SignedIn } from '../modules/auth/signed-in-cache';
import type { Loaders } from '../modules/registry';

export interface GraphQLContext {
  request: FastifyRequest;
  reply: FastifyReply;
  requestId: string;
  /** Where the request came from, for audit rows. */
  origin: RequestOrigin;
  locale: Locale;
  services: Services;
  /** The signed-in account with its roles, when the session cookie is valid; policies decide from this only. */
  viewer: AccountViewer | undefined;
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
  signedIn: SignedIn | undefined;
}
