import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable', () => {
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('requires the secrets in production', () => {
    const secrets = { APP_SECRET: 'x'.repeat(32), TICKET_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIA==\\n-----END PRIVATE KEY-----' };
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'production', APP_SECRET: secrets.APP_SECRET })).toThrow(/TICKET_SIGNING_KEY/);
    expect(parseConfig({ NODE_ENV: 'production', ...secrets }).NODE_ENV).toBe('production');
  });
});

describe('HOST', () => {
  it('listens on loopback only outside production unless told otherwise', () => {
    expect(parseConfig({}).HOST).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const secrets = { APP_SECRET: 'x'.repeat(32), TICKET_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIA==\\n-----END PRIVATE KEY-----' };
    expect(parseConfig({ NODE_ENV: 'production', ...secrets }).HOST).toBe('0.0.0.0');
  });
});
