// The viewer request's shape without GraphQL or a database: the same answer (size and headers) the portal sends
// to the signed-in `query { viewer { __typename } }`, for the route-shape baselines (node-http-post.ts, fastify-post.ts).
import { randomUUID } from 'node:crypto';

/** The portal's answer to the bench's viewer query, byte for byte. */
export const viewerAnswer = JSON.stringify({ data: { viewer: { __typename: 'Ouser' } } });

/** The query the portal's viewer scenario sends: a baseline checks it arrived whole. */
export const viewerQuery = 'query { viewer { __typename } }';

/** The headers of the portal's JSON GraphQL answer in production (apiSecurityHeaders with HSTS, the request id). */
export function viewerAnswerHeaders(): Record<string, string | number> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-request-id': randomUUID(),
    'content-type': 'application/graphql-response+json; charset=utf-8',
    'content-length': Buffer.byteLength(viewerAnswer),
  };
}
