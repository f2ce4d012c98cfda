import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { sessionIdOf } from '../modules/auth/session-cookie';
import type { AccountViewer } from '../modules/account/account.models';
import { mustChangePassword } from '../modules/account/account.policy';
import type { RequestOrigin } from '../modules/audit/audit.models';

/**
 * The signed-in viewer of an HTTP request (session cookie → account with its roles), or undefined — also for an
 * account that must change its initial password first (files and exports are not for it yet).
 */
export async function viewerOfRequest(services: Services, request: FastifyRequest): Promise<AccountViewer | undefined> {
  const signedIn = await services.auth.viewerOf(sessionIdOf(request));
  return signedIn && !mustChangePassword(signedIn.viewer) ? signedIn.viewer : undefined;
}

/** Where a request came from, for the audit log. */
export function originOfRequest(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, requestId: request.id };
}
