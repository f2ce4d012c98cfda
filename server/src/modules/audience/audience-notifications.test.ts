import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { audiences } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { loginAs } from '../../test/captcha';
import { insertApplication } from './audience-export.test-support';
import { localeOfApplicant } from './audience-notifications.service';

interface OutboxRow {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
}

const APPROVE = 'mutation($ids: [ID!]!) { approveAudiences(ids: $ids) { id approveStatus } }';
const REFUSE = 'mutation($ids: [ID!]!, $reason: String!) { refuseAudiences(ids: $ids, reason: $reason) { id approveStatus } }';

async function reviewerOf(app: TestApp): Promise<TestClient> {
  const { account, password } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
  const client = app.client({ locale: 'en-US' });
  await loginAs(client, account.email ?? '', password, 'organizer');
  return client;
}

async function outbox(client: TestClient, recipient: string): Promise<OutboxRow[]> {
  return client.devOutbox(recipient);
}

describe('review notifications', () => {
  it('picks the visitor’s language from the mobile number, not the reviewer’s', () => {
    expect(localeOfApplicant({ mobile: '+8613912345678' })).toBe('zh-CN');
    expect(localeOfApplicant({ mobile: '+85291234567' })).toBe('zh-CN');
    expect(localeOfApplicant({ mobile: '+447700900123' })).toBe('en-US');
    expect(localeOfApplicant({ mobile: null })).toBe('en-US');
  });

  describe('through the dev outbox', () => {
    let app: TestApp;
    let reviewer: TestClient;

    beforeAll(async () => {
      app = await createTestApp();
      reviewer = await reviewerOf(app);
    });
    afterAll(() => app.close());

    it('sends an approved visitor an email and an SMS in Chinese with the visit dates', async () => {
      const application = await insertApplication(app, {
        status: 'WAIT',
        name: '王芳',
        submittedAt: new Date(),
        mobile: '+8613911112222',
        email: 'wang.fang@example.com',
        visitDays: ['2025-04-10', '2025-04-12'],
      });
      const { body } = await reviewer.graphql(APPROVE, { ids: [application.id] });
      expect(body.errors).toBeUndefined();
      await app.portal.app.services.audienceNotifications.idle();

      const [email] = await outbox(reviewer, 'wang.fang@example.com');
      expect(email).toMatchObject({ channel: 'email', subject: '您的摩博会VIP申请已通过' });
      expect(email?.body).toContain('王芳，您好');
      expect(email?.body).toContain('参观日期：2025-04-10, 2025-04-12');
      const [sms] = await outbox(reviewer, '+8613911112222');
      expect(sms).toMatchObject({ channel: 'sms', subject: null });
      expect(sms?.body).toBe('【摩博会】王芳，您的VIP申请已通过，参观日期：2025-04-10, 2025-04-12，请携带实体门票及证件入场。');
    });

    it('sends a refused visitor the reason by email, and the SMS points to the portal', async () => {
      const application = await insertApplication(app, {
        status: 'DONE',
        name: 'John Smith',
        submittedAt: new Date(),
        mobile: '+447700900123',
        email: 'john.smith@example.com',
        idType: 'PASSPORT',
        idNumber: 'K1234567',
      });
      const { body } = await reviewer.graphql(REFUSE, { ids: [application.id], reason: 'The ID photo does not match the entry photo' });
      expect(body.errors).toBeUndefined();
      await app.portal.app.services.audienceNotifications.idle();

      const [email] = await outbox(reviewer, 'john.smith@example.com');
      expect(email).toMatchObject({ channel: 'email', subject: 'Your Moto Expo VIP application was not approved' });
      expect(email?.body).toContain('Reason: The ID photo does not match the entry photo');
      const [sms] = await outbox(reviewer, '+447700900123');
      expect(sms?.body).toBe('[Moto Expo] John Smith, your VIP application was not approved. Sign in to the portal to see the reason and submit it again.');
    });

    it('sends nothing when the review is refused', async () => {
      const application = await insertApplication(app, { status: 'REFUSE', name: '赵磊', submittedAt: new Date(), mobile: '+8613933334444', email: 'zhao@example.com' });
      const { body } = await reviewer.graphql(APPROVE, { ids: [application.id] });
      expect(body.errors?.[0]?.extensions.code).toBe('AUDIENCE_ILLEGAL_TRANSITION');
      await app.portal.app.services.audienceNotifications.idle();
      expect(await outbox(reviewer, 'zhao@example.com')).toEqual([]);
      expect(await outbox(reviewer, '+8613933334444')).toEqual([]);
    });
  });

  describe('over real SMTP', () => {
    const received: Array<{ to: string[]; data: string }> = [];
    let smtp: SMTPServer;
    let port: number;

    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          let data = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (data += chunk));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    it('mails the decision; when the mail server is down the approval stands and the failure is logged with the application id', async () => {
      const mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Moto Expo <visitors@example.com>' });
      try {
        const reviewer = await reviewerOf(mailing);
        const application = await insertApplication(mailing, { status: 'WAIT', name: 'Anna Schmidt', submittedAt: new Date(), mobile: '+4915112345678', email: 'anna@example.com', visitDays: ['2025-04-11'] });
        expect((await reviewer.graphql(APPROVE, { ids: [application.id] })).body.errors).toBeUndefined();
        await mailing.portal.app.services.audienceNotifications.idle();
        expect(received).toHaveLength(1);
        expect(received[0]?.to).toEqual(['anna@example.com']);
        expect(received[0]?.data).toContain('Subject: Your Moto Expo VIP application is approved');
        expect(received[0]?.data).toMatch(/From: Moto Expo <visitors@example\.com>/);
        expect(received[0]?.data).toContain('Visit dates: 2025-04-11');
      } finally {
        await mailing.close();
      }

      const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
      try {
        const logged = vi.spyOn(broken.portal.app.log, 'error');
        const reviewer = await reviewerOf(broken);
        const application = await insertApplication(broken, { status: 'WAIT', name: '孙明', submittedAt: new Date(), mobile: '+8613955556666', email: 'sun@example.com' });
        const { body } = await reviewer.graphql<{ approveAudiences: Array<{ approveStatus: string }> }>(APPROVE, { ids: [application.id] });
        expect(body.data?.approveAudiences[0]?.approveStatus).toBe('DONE');
        await broken.portal.app.services.audienceNotifications.idle();
        const [row] = await broken.portal.database.db.select().from(audiences).where(eq(audiences.id, application.id));
        expect(row?.approveStatus).toBe('DONE');
        expect(logged).toHaveBeenCalledWith(expect.objectContaining({ audienceId: application.id, channel: 'email' }), 'review notification not delivered');
        // The SMS still went out (dev outbox).
        expect((await outbox(reviewer, '+8613955556666')).map((message) => message.channel)).toEqual(['sms']);
      } finally {
        await broken.close();
      }
    });
  });
});
