import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';

/** Which set of security headers a route's answers carry (route `config.securityHeaders`; 'document' unless said). */
export type SecurityHeaderSet = 'document' | 'api';

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: SecurityHeaderSet;
  }
}

export type SecurityHeaders = ReadonlyArray<readonly [string, string | number | readonly string[]]>;

/**
 * Helmet's headers for a fixed configuration, computed once: they depend on nothing in the request
 * (no CSP nonces), and @fastify/helmet rebuilt helmet from its options on every request (3.5 % of
 * the viewer's CPU). Helmet itself writes them, on a response that is never sent.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.entries(response.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
}

/**
 * The headers of a JSON answer that no page loads as a document (the GraphQL endpoint): nothing may load
 * or run if it is opened as one, nor frame it; no sniffing it into HTML or script; no cross-origin
 * no-cors read of it; HSTS as on every answer. The document-only headers (the page's CSP, COOP,
 * Origin-Agent-Cluster, Referrer-Policy, the legacy X-* ones) are left to the documents
 * (docs/decisions/0804-security-headers.md).
 */
export function apiSecurityHeaders(options: { hsts: boolean }): SecurityHeaders {
  return securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
    hsts: options.hsts,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/** On the raw response, as helmet did: the streams written with writeHead (spreadsheet imports) carry them too. */
export function setSecurityHeaders(response: ServerResponse, headers: SecurityHeaders) {
  for (const [name, value] of headers) response.setHeader(name, value);
}
