import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { parseSeedConfig } from './seed-config';

describe('parseSeedConfig', () => {
  it('seeds the demo on the embedded database outside production, with no bulk fill by default', () => {
    const seed = parseSeedConfig({ NODE_ENV: 'development', DATABASE_URL: undefined }, {});
    expect(seed).toMatchObject({ seedDemo: true, DEMO_BULK_AUDIENCES: 0, DEMO_BULK_BADGES: 0, DEMO_BULK_TICKETS: 0, DEMO_GATE_DAY_TODAY: false });
  });

  it('does not seed demo data on PostgreSQL unless asked', () => {
    expect(parseSeedConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://127.0.0.1/x' }, {}).seedDemo).toBe(false);
    expect(parseSeedConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://127.0.0.1/x' }, { SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses demo data in production and is off there by default', () => {
    expect(() => parseSeedConfig({ NODE_ENV: 'production', DATABASE_URL: undefined }, { SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(parseSeedConfig({ NODE_ENV: 'production', DATABASE_URL: undefined }, {}).seedDemo).toBe(false);
  });

  it('names each bad bulk setting', () => {
    try {
      parseSeedConfig({ NODE_ENV: 'development', DATABASE_URL: undefined }, { DEMO_BULK_AUDIENCES: '-1', DEMO_GATE_DAY_TODAY: 'yes' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/DEMO_BULK_AUDIENCES[\s\S]*DEMO_GATE_DAY_TODAY/);
    }
  });
});
