import { generateKeyPairSync } from 'node:crypto';

/** What NODE_ENV=production requires besides the test defaults (APP_SECRET is set by createTestApp). */
export function productionEnv(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { NODE_ENV: 'production', TICKET_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}
