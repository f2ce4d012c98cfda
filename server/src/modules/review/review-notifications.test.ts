import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { audienceStatusHistory, audiences } from '../application/application.tables';
import { notices } from '../messaging/notice.tables';
import { NoticeOutbox } from '../messaging/notice-outbox.service';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { createAccount } from '../../test/factories';
import { loginAs } from '../../test/captcha';
import { insertApplication } from './review-export.test-support';
import { localeOfApplicant } from './review-notifications.service';

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

async function decisionIds(app: TestApp, audienceId: string) {
  const rows = await app.portal.database.db.select().from(audienceStatusHistory).where(eq(audienceStatusHistory.audienceId, audienceId)).orderBy(audienceStatusHistory.id);
  return rows.map((row) => row.id);
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
      // The organizers' name for the show is the one every message carries, in the recipient's language.
      await app.portal.app.services.show.updateSetting({ nameZh: '第二十五届摩博会', nameEn: 'The 25th Moto Expo' });
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
      await app.portal.app.services.notices.drain();

      const [email] = await outbox(reviewer, 'wang.fang@example.com');
      expect(email).toMatchObject({ channel: 'email', subject: '您的第二十五届摩博会 VIP 申请已通过' });
      expect(email?.body).toContain('王芳，您好');
      expect(email?.body).toContain('参观日期：2025-04-10, 2025-04-12');
      const [sms] = await outbox(reviewer, '+8613911112222');
      expect(sms).toMatchObject({ channel: 'sms', subject: null });
      expect(sms?.body).toBe('【第二十五届摩博会】王芳，您的 VIP 申请已通过，参观日期：2025-04-10, 2025-04-12，请携带实体门票及证件入场。');
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
      await app.portal.app.services.notices.drain();

      const [email] = await outbox(reviewer, 'john.smith@example.com');
      expect(email).toMatchObject({ channel: 'email', subject: 'The 25th Moto Expo: your VIP application was refused' });
      expect(email?.body).toContain('Reason for refusal: The ID photo does not match the entry photo');
      const [sms] = await outbox(reviewer, '+447700900123');
      expect(sms?.body).toBe('[The 25th Moto Expo] John Smith, your VIP application was refused. Sign in to the portal to see the reason and submit it again.');
    });

    it('sends nothing when the review is refused', async () => {
      const application = await insertApplication(app, { status: 'REFUSE', name: '赵磊', submittedAt: new Date(), mobile: '+8613933334444', email: 'zhao@example.com' });
      const { body } = await reviewer.graphql(APPROVE, { ids: [application.id] });
      expect(body.errors?.[0]?.extensions.code).toBe('AUDIENCE_ILLEGAL_TRANSITION');
      await app.portal.app.services.notices.drain();
      expect(await outbox(reviewer, 'zhao@example.com')).toEqual([]);
      expect(await outbox(reviewer, '+8613933334444')).toEqual([]);
    });
  });

  describe('over real SMTP', () => {
    let smtp: TestSmtpServer;
    let port: number;
    let received: TestSmtpServer['received'];
    let refuseNextMailTo: Set<string>;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      ({ port, received, refuseNextMailTo } = smtp);
    });
    afterAll(() => smtp.close());

    it('keeps a notice through a failed delivery and a worker that died mid-way, and sends it exactly once per decision', async () => {
      refuseNextMailTo.add('li.lei@example.com');
      const mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      try {
        const { db } = mailing.portal.database;
        const reviewer = await reviewerOf(mailing);
        const application = await insertApplication(mailing, { status: 'WAIT', name: '李雷', submittedAt: new Date(), mobile: '+8613977778888', email: 'li.lei@example.com', visitDays: ['2025-04-10'] });
        expect((await reviewer.graphql(APPROVE, { ids: [application.id] })).body.errors).toBeUndefined();
        await mailing.portal.app.services.notices.drain();
        const mailsTo = () => received.filter((mail) => mail.to.includes('li.lei@example.com'));
        expect(mailsTo()).toHaveLength(0);
        const [email] = await db.select().from(notices).where(eq(notices.dedupeKey, `review-decision:${(await decisionIds(mailing, application.id))[0]}:email`));
        expect(email).toMatchObject({ status: 'PENDING', attempts: 1 });

        // A worker leased it for the retry and died before reporting back: once the lease ends, another delivers it.
        await db.update(notices).set({ nextAttemptAt: new Date(Date.now() - 1000), leaseUntil: new Date(Date.now() - 1000), attempts: 2 }).where(eq(notices.id, email?.id ?? 0));
        const restarted = new NoticeOutbox(db, mailing.portal.app.services.messenger, mailing.portal.app.log);
        await restarted.drain();
        await restarted.drain();
        await mailing.portal.app.services.notices.drain();
        expect(mailsTo()).toHaveLength(1);
        expect((await db.select().from(notices).where(eq(notices.id, email?.id ?? 0)))[0]).toMatchObject({ status: 'SENT', attempts: 3 });

        // The same decision enqueued again (a retried transaction) is still one notice per channel.
        await mailing.portal.app.services.notices.enqueue(db, [{ dedupeKey: email?.dedupeKey ?? '', message: email!.message }]);
        await mailing.portal.app.services.notices.drain();
        expect(mailsTo()).toHaveLength(1);
      } finally {
        await mailing.close();
      }
    });

    it('mails the decision; when the mail server is down the approval stands, the failure is logged and the email waits for its retry', async () => {
      const mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Moto Expo <visitors@example.com>' });
      try {
        const reviewer = await reviewerOf(mailing);
        const application = await insertApplication(mailing, { status: 'WAIT', name: 'Anna Schmidt', submittedAt: new Date(), mobile: '+4915112345678', email: 'anna@example.com', visitDays: ['2025-04-11'] });
        expect((await reviewer.graphql(APPROVE, { ids: [application.id] })).body.errors).toBeUndefined();
        await mailing.portal.app.services.notices.drain();
        const toAnna = received.filter((mail) => mail.to.includes('anna@example.com'));
        expect(toAnna).toHaveLength(1);
        expect(toAnna[0]?.data).toContain('Subject: The show: your VIP application is approved');
        expect(toAnna[0]?.data).toMatch(/From: Moto Expo <visitors@example\.com>/);
        expect(toAnna[0]?.data).toContain('Visit dates: 2025-04-11');
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
        await broken.portal.app.services.notices.drain();
        const [row] = await broken.portal.database.db.select().from(audiences).where(eq(audiences.id, application.id));
        expect(row?.approveStatus).toBe('DONE');
        expect(logged).toHaveBeenCalledWith(expect.objectContaining({ notice: expect.stringMatching(/^review-decision:\d+:email$/), retryInSeconds: 30 }), 'notice not delivered');
        // The email waits in the outbox for its next attempt.
        const [waiting] = await broken.portal.database.db.select().from(notices).where(eq(notices.status, 'PENDING'));
        expect(waiting).toMatchObject({ attempts: 1, message: { kind: 'email', to: 'sun@example.com' } });
        // The SMS still went out (dev outbox).
        expect((await outbox(reviewer, '+8613955556666')).map((message) => message.channel)).toEqual(['sms']);
      } finally {
        await broken.close();
      }
    });
  });
});
