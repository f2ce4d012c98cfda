import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { sessionIdOf } from '../modules/auth/session-cookie';
import type { AccountViewer } from '../modules/account/account.models';
import type { RequestOrigin } from '../modules/audit/audit.models';

/** The signed-in viewer of an HTTP request (session cookie → account → roles), or undefined. */
export async function viewerOfRequest(services: Services, request: FastifyRequest): Promise<AccountViewer | undefined> {
  const signedIn = await services.auth.viewerOf(sessionIdOf(request));
  return signedIn ? services.accounts.viewerOf(signedIn.viewer) : undefined;
}

/** Where a request came from, for the audit log. */
export function originOfRequest(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, requestId: request.id };
}
