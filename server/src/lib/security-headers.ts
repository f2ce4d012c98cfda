import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for a fixed configuration, computed once: they depend on nothing in the request
 * (no CSP nonces), and @fastify/helmet rebuilt helmet from its options on every request (3.5 % of
 * the viewer's CPU). Helmet itself writes them, on a response that is never sent.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string | number | readonly string[]]> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.entries(response.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
}
