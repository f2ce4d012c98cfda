import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from './dev-outbox.tables';
import { createAccount } from '../../test/factories';
import { productionEnv } from '../../test/production-env';
import { createTestApp } from '../../test/test-app';
import { requestCode, type ErrorBody } from '../auth/auth-test-support';

describe('production without a delivery channel', () => {
  it('says so at start-up, refuses to send, and no code reaches the log or the database', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createTestApp({ ...productionEnv(), LOG_LEVEL: 'trace' }, { logStream });
    try {
      expect(lines.some((line) => line.includes('No delivery channel for email (set SMTP_URL) and SMS (set SMS_PROVIDER)'))).toBe(true);
      const { account: organizer } = await createAccount(app, 'organizer');
      const { account: visitor } = await createAccount(app, 'audience');
      for (const identity of [organizer.email ?? '', visitor.mobile ?? '']) {
        const response = await requestCode(app.client({ locale: 'en-US' }), identity, 'login', identity.includes('@') ? 'organizer' : 'audience');
        expect(response.status).toBe(500);
        expect(((await response.json()) as ErrorBody).code).toBe('AUTH_CODE_SEND_FAILED');
      }
      const log = lines.join('\n');
      expect(log).toContain('verification code delivery failed');
      expect(log).not.toMatch(/dev outbox|verification code is \d{6}|验证码为\d{6}/i);
      expect(await app.portal.database.db.select().from(outboxMessages)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
