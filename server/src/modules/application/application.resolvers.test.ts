import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signedInClient } from '../../test/submissions';
import { loginAs, solveCaptcha } from '../../test/captcha';
import { latestCodeSentTo } from '../auth/auth-test-support';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { activationCodes, auditLog, photos } from '../../db/schema/index';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import type { Role } from '@portal/shared/auth/scopes';

const UPLOAD = `mutation ($file: Upload!, $purpose: PhotoPurpose!) { uploadPhoto(file: $file, purpose: $purpose) { id url width height } }`;
const SUBMIT = `mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id approveStatus idNumber idNumberMasked } }`;
const LIST = `query ($filter: AudienceFilter) { audiences(filter: $filter) { total nodes { id name idNumber idNumberMasked approveStatus } } }`;
const DETAIL = `query ($id: ID!) { audience(id: $id) { id idNumber faceMatchScore entryPhoto { url } statusHistory { fromStatus toStatus actorName } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveAudiences(ids: $ids) { id approveStatus } }`;
const REFUSE = `mutation ($ids: [ID!]!, $reason: String!) { refuseAudiences(ids: $ids, reason: $reason) { id approveStatus refuseReason } }`;
const MY_APPLICATION = `{ viewer { ... on User { audience { id approveStatus idNumber activationCode ticket { token holderName photo { url } visitDates { day } } admissions { id } } } } }`;

type Upload = { uploadPhoto: { id: string; url: string } };

function mainlandId(serial: number) {
  const first17 = `11010519900506${String(serial).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

async function uploadPhoto(client: TestClient, picture: Buffer, purpose: 'ENTRY_CARD' | 'ID_CARD', csrf = true) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await client.fetch('/apis/core/graphql', { method: 'POST', body: form, csrf });
  return { status: response.status, body: (await response.json()) as { data?: Upload | null; errors?: Array<{ message: string; extensions: Record<string, unknown> }> } };
}

describe('visitor applications over GraphQL', () => {
  let app: TestApp;
  let goodFace: Buffer;
  let tightFace: Buffer;
  let codes: string[];

  beforeAll(async () => {
    app = await createTestApp();
    const sample = demoSample(2);
    const analysis = await app.portal.app.services.faces.analyse(sample);
    goodFace = await cropAroundFace(sample, bestFace(analysis.boxes), 0.3);
    // Enlarged so that only the face rule, not the 20 KB minimum, refuses it.
    tightFace = await sharp(await cropAroundFace(sample, bestFace(analysis.boxes), 0.8)).resize(640, 640).jpeg({ quality: 95 }).toBuffer();
    for (const day of ['2099-04-10', '2099-04-11']) {
      await app.portal.app.services.show.upsertShowDay({ day, capacity: 50, deadline: new Date(`${day}T09:00:00+08:00`) });
    }
    codes = Array.from({ length: 10 }, (_, index) => `HTTP-${index}`);
    await app.portal.app.services.activationCodes.insert(codes, 'http-test');
  }, 120_000);
  afterAll(() => app.close());

  async function signedIn(scope: 'audience' | 'organizer' | 'exhibitor', roles: Role[] = []) {
    const { account, password } = await createAccount(app, scope, { roles });
    const client = app.client();
    await loginAs(client, account.email ?? account.mobile ?? '', password, scope);
    return { client, account };
  }

  async function submittedApplication(serial: number) {
    const visitor = await signedIn('audience');
    const entry = await uploadPhoto(visitor.client, goodFace, 'ENTRY_CARD');
    const id = await uploadPhoto(visitor.client, goodFace, 'ID_CARD');
    const input = {
      name: ['张伟', '王芳', '李娜', '刘洋'][serial] ?? '陈静',
      mobile: `1370000${String(serial).padStart(4, '0')}`,
      email: `v${serial}@example.com`,
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(serial),
      entryPhotoId: entry.body.data?.uploadPhoto.id,
      idPhotoId: id.body.data?.uploadPhoto.id,
      visitDates: ['2099-04-10'],
      activationCode: codes[serial] ?? '',
      truthConfirmed: true,
      sensitiveConsent: true,
    };
    const { body } = await visitor.client.graphql<{ submitApplication: { id: string; approveStatus: string; idNumber: string } }>(SUBMIT, { input });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return { ...visitor, audienceId: body.data!.submitApplication.id, input, entryUrl: entry.body.data!.uploadPhoto.url };
  }

  it('checks uploads on the server: one face filling 15-45 %, re-encoded without EXIF, private URL', async () => {
    const { client } = await signedIn('audience');
    const accepted = await uploadPhoto(client, goodFace, 'ENTRY_CARD');
    expect(accepted.body.errors).toBeUndefined();
    const url = accepted.body.data!.uploadPhoto.url;
    expect(url).toMatch(/^\/apis\/files\/photos\/[0-9a-f-]{36}$/);

    const own = await client.fetch(url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const metadata = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();

    expect((await app.client().fetch(url)).status).toBe(401);
    expect((await (await signedIn('audience')).client.fetch(url)).status).toBe(404);

    const refused = await uploadPhoto(app.client({ locale: 'zh-CN' }), tightFace, 'ENTRY_CARD');
    expect(refused.body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
    const tight = await uploadPhoto(client, tightFace, 'ID_CARD');
    expect(tight.body.errors?.[0]?.extensions, JSON.stringify(tight.body.errors)).toMatchObject({ classification: 'BAD_REQUEST', code: 'FACE_NOT_CLEAR' });
    const text = await uploadPhoto(client, Buffer.from('not a picture at all'.repeat(2000)), 'ID_CARD');
    expect(text.body.errors?.[0]?.extensions.code).toBe('PHOTO_TYPE_NOT_ALLOWED');
    expect((await uploadPhoto(client, goodFace, 'ENTRY_CARD', false)).status).toBe(403);
  });

  it('lets only reviewers list, open, approve and refuse applications', async () => {
    const { audienceId } = await submittedApplication(1);
    const outsiders = [
      { client: app.client(), classification: 'UNAUTHORIZED' },
      { client: (await signedIn('audience')).client, classification: 'FORBIDDEN' },
      { client: (await signedIn('exhibitor')).client, classification: 'FORBIDDEN' },
      { client: (await signedIn('organizer', ['ROLE_TICKET', 'ROLE_PROJECT', 'ROLE_HARDWARE', 'ROLE_EXHIBITOR'])).client, classification: 'FORBIDDEN' },
    ];
    for (const { client, classification } of outsiders) {
      for (const [query, variables] of [
        [LIST, {}],
        [DETAIL, { id: audienceId }],
        [APPROVE, { ids: [audienceId] }],
        [REFUSE, { ids: [audienceId], reason: 'x' }],
      ] as const) {
        const { body } = await client.graphql(query, variables);
        expect(body.errors?.[0]?.extensions.classification, `${classification} ${query.slice(0, 30)}`).toBe(classification);
      }
    }
    for (const role of ['ROLE_AUDIENCE', 'ROLE_SUPER_ADMIN'] as const) {
      const { body } = await (await signedIn('organizer', [role])).client.graphql(LIST, {});
      expect(body.errors).toBeUndefined();
    }
  });

  it('masks ID numbers in the list, shows them in the audited detail, and moves through review', async () => {
    const { client: visitor, audienceId, input, entryUrl } = await submittedApplication(2);
    const { client: reviewer, account } = await signedIn('organizer', ['ROLE_AUDIENCE']);

    const list = await reviewer.graphql<{ audiences: { total: number; nodes: Array<Record<string, unknown>> } }>(LIST, { filter: { keyword: input.idNumber } });
    expect(list.body.data?.audiences.total).toBe(1);
    expect(list.body.data?.audiences.nodes[0]).toMatchObject({ id: audienceId, idNumber: null, idNumberMasked: `110105********${input.idNumber.slice(-4)}` });

    const detail = await reviewer.graphql<{ audience: { idNumber: string; faceMatchScore: number; entryPhoto: { url: string } } }>(DETAIL, { id: audienceId });
    expect(detail.body.data?.audience.idNumber).toBe(input.idNumber);
    expect(detail.body.data?.audience.faceMatchScore).toBeGreaterThan(0.9);
    expect((await reviewer.fetch(entryUrl)).status).toBe(200);
    const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, account.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(['audience.view', 'auth.login', 'photo.view']);

    const visitorView = await visitor.graphql<{ viewer: { audience: { idNumber: string; activationCode: string; ticket: null } } }>(MY_APPLICATION);
    expect(visitorView.body.data?.viewer.audience).toMatchObject({ idNumber: input.idNumber, activationCode: input.activationCode, ticket: null });
    const history = await visitor.graphql(`{ viewer { ... on User { audience { statusHistory { toStatus } } } } }`);
    expect(history.body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');

    const refused = await reviewer.graphql<{ refuseAudiences: Array<Record<string, unknown>> }>(REFUSE, { ids: [audienceId], reason: '照片模糊' });
    expect(refused.body.data?.refuseAudiences[0]).toMatchObject({ approveStatus: 'REFUSE', refuseReason: '照片模糊' });
    const resubmitted = await visitor.graphql<{ submitApplication: { approveStatus: string } }>(SUBMIT, { input });
    expect(resubmitted.body.data?.submitApplication.approveStatus).toBe('WAIT');
    const approved = await reviewer.graphql<{ approveAudiences: Array<{ approveStatus: string }> }>(APPROVE, { ids: [audienceId] });
    expect(approved.body.data?.approveAudiences[0]?.approveStatus).toBe('DONE');
    const again = await reviewer.graphql(APPROVE, { ids: [audienceId] });
    expect(again.body.errors?.[0]?.extensions.code).toBe('AUDIENCE_ILLEGAL_TRANSITION');

    const withTicket = await visitor.graphql<{ viewer: { audience: { ticket: { token: string; holderName: string; visitDates: Array<{ day: string }> } } } }>(MY_APPLICATION);
    const ticket = withTicket.body.data!.viewer.audience.ticket;
    expect(ticket.holderName).toBe(input.name);
    expect(app.portal.app.services.tickets.verify(ticket.token)).toMatchObject({ k: 'A', id: audienceId, d: ['2099-04-10'], r: 30 });

    // The rotating QR's secret and period are the holder's alone (visitor tickets rotate by default).
    const SECRET = '{ qrSecret qrPeriodSeconds }';
    const own = await visitor.graphql<{ viewer: { audience: { ticket: { qrSecret: string; qrPeriodSeconds: number } } } }>(`{ viewer { ... on User { audience { ticket ${SECRET} } } } }`);
    const { qrSecret } = own.body.data!.viewer.audience.ticket;
    expect(own.body.data?.viewer.audience.ticket).toEqual({ qrSecret: expect.stringMatching(/^[0-9a-f]{40}$/), qrPeriodSeconds: 30 });
    const OTHERS = `query ($id: ID!) { audience(id: $id) { id ticket ${SECRET} } }`;
    const anotherVisitor = (await signedInClient(app, 'audience')).client;
    for (const [who, client] of [['the reviewer', reviewer], ['another visitor', anotherVisitor]] as const) {
      const answer = await client.graphql(OTHERS, { id: audienceId });
      expect(answer.body.errors?.[0]?.extensions.classification, who).toBe('FORBIDDEN');
      expect(JSON.stringify(answer.body), who).not.toContain(qrSecret);
    }

    // The visit-date page sends back the deadlines it showed, as the DateTime scalar.
    const days = await visitor.graphql<{ project: { showDays: Array<{ day: string; deadline: string }> } }>('{ project { showDays { day deadline } } }');
    const seenDeadlines = days.body.data!.project.showDays;
    const SELECT = 'mutation ($input: SelectVisitDatesInput!) { selectVisitDates(input: $input) { day } }';
    const selected = await visitor.graphql(SELECT, { input: { days: ['2099-04-10', '2099-04-11'], seenDeadlines } });
    expect(selected.body).toEqual({ data: { selectVisitDates: [{ day: '2099-04-10' }, { day: '2099-04-11' }] } });
    const stale = seenDeadlines.map((seen) => ({ ...seen, deadline: new Date(Date.parse(seen.deadline) - 3600_000).toISOString() }));
    const changed = await visitor.graphql(SELECT, { input: { days: ['2099-04-10'], seenDeadlines: stale } });
    expect(changed.body.errors?.[0]?.extensions.code).toBe('VISIT_DATE_DEADLINE_CHANGED');

    const detailAfter = await reviewer.graphql<{ audience: { statusHistory: Array<{ toStatus: string; actorName: string | null }> } }>(DETAIL, { id: audienceId });
    expect(detailAfter.body.data?.audience.statusHistory.map((row) => row.toStatus)).toEqual(['WAIT', 'REFUSE', 'WAIT', 'DONE']);
  });

  it('shows the face-match score from descriptors computed after the uploads, or from the photos when none were kept', async () => {
    const { audienceId, input } = await submittedApplication(8);
    const { client: reviewer } = await signedIn('organizer', ['ROLE_AUDIENCE']);
    const { db } = app.portal.database;
    const photoIds = [input.entryPhotoId, input.idPhotoId] as string[];
    const kept = async () => (await db.select({ descriptor: photos.faceDescriptor }).from(photos).where(inArray(photos.id, photoIds))).map((row) => row.descriptor?.length ?? 0);
    // Computed after each upload was answered, off the visitor's way.
    await expect.poll(kept, { timeout: 20_000 }).toEqual([128, 128]);
    // As after a restart that lost the descriptors still to compute: the first reading computes them from the files.
    await db.update(photos).set({ faceDescriptor: null }).where(inArray(photos.id, photoIds));
    const detail = await reviewer.graphql<{ audience: { faceMatchScore: number } }>(DETAIL, { id: audienceId });
    expect(detail.body.data?.audience.faceMatchScore).toBeGreaterThan(0.9);
    expect(await kept()).toEqual([128, 128]);
  });

  it('registers a visitor with a code sent to the mobile, and refuses a taken identity or closed registration', async () => {
    const client = app.client();
    const mobile = '13912345678';
    const sent = await client.postForm('/apis/auth/code', { identity: mobile, captcha: await solveCaptcha(client), purpose: 'register', scope: 'audience' });
    expect(sent.status).toBe(200);
    const code = await latestCodeSentTo(client, '+8613912345678');
    const REGISTER = `mutation ($input: RegisterAudienceInput!) { registerAudience(input: $input) { __typename ... on User { mobile audience { id } } } }`;
    const input = { identity: mobile, code, password: encodePasswordForTransport('Visitor2025'), name: '李四' };
    const { body } = await client.graphql(REGISTER, { input });
    expect(body.data).toEqual({ registerAudience: { __typename: 'User', mobile: '+8613912345678', audience: null } });
    expect((await client.graphql(`{ viewer { __typename } }`)).body.data).toEqual({ viewer: { __typename: 'User' } });

    const again = await app.client().graphql(REGISTER, { input });
    expect(again.body.errors?.[0]?.extensions.code).toMatch(/AUTH_WRONG_IDENTITY_OR_CODE|ACCOUNT_IDENTITY_TAKEN/);

    await app.portal.app.services.show.updateSetting({ audienceRegOpen: false });
    try {
      const closed = await app.client({ locale: 'zh-CN' }).graphql(REGISTER, { input: { ...input, identity: '13912345679' } });
      expect(closed.body.errors?.[0]).toMatchObject({ message: '登记已关闭', extensions: { code: 'AUDIENCE_REG_CLOSED' } });
    } finally {
      await app.portal.app.services.show.updateSetting({ audienceRegOpen: true });
    }
  });

  describe('erasure of personal data (PIPL)', () => {
    it('lets the visitor withdraw: the application and its photos are gone, the code is free again', async () => {
      const { client, input, entryUrl } = await submittedApplication(3);
      const { body } = await client.graphql('mutation { withdrawApplication }');
      expect(body).toEqual({ data: { withdrawApplication: true } });
      expect((await client.graphql<{ viewer: { audience: null } }>(MY_APPLICATION)).body.data?.viewer.audience).toBeNull();
      expect((await client.fetch(entryUrl)).status).toBe(404);
      const [code] = await app.portal.database.db.select().from(activationCodes).where(eq(activationCodes.code, input.activationCode));
      expect(code?.status).toBe('UNUSED');
    });

    it('lets the super administrator (only) erase an application, after typing how many', async () => {
      const { audienceId, entryUrl } = await submittedApplication(4);
      const { client: reviewer } = await signedIn('organizer', ['ROLE_SUPER_ADMIN']);
      const { client: visitorOnly } = await signedIn('audience');
      const { client: audienceReviewer } = await signedIn('organizer', ['ROLE_AUDIENCE']);
      const ERASE = 'mutation ($ids: [ID!]!, $confirmation: String!) { erasePersonalData(ids: $ids, confirmation: $confirmation) }';
      for (const refused of [visitorOnly, audienceReviewer]) {
        expect((await refused.graphql(ERASE, { ids: [audienceId], confirmation: '1' })).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
      }
      for (const confirmation of ['2', '', 'yes']) {
        const mismatch = await reviewer.graphql(ERASE, { ids: [audienceId], confirmation });
        expect(mismatch.body.errors?.[0]?.extensions.code).toBe('ERASE_CONFIRMATION_MISMATCH');
      }
      expect((await reviewer.fetch(entryUrl)).status).toBe(200);

      const { body } = await reviewer.graphql(ERASE, { ids: [audienceId], confirmation: ' 1 ' });
      expect(body).toEqual({ data: { erasePersonalData: 1 } });
      const detail = await reviewer.graphql<{ audience: Record<string, unknown> }>(
        'query ($id: ID!) { audience(id: $id) { name idNumber mobile entryPhoto { url } approveStatus personalDataErasedAt } }',
        { id: audienceId },
      );
      expect(detail.body.data?.audience).toMatchObject({ name: null, idNumber: null, mobile: null, entryPhoto: null, approveStatus: 'WAIT' });
      expect(detail.body.data?.audience.personalDataErasedAt).toMatch(/^\d{4}-/);
      expect((await reviewer.fetch(entryUrl)).status).toBe(404);
    });

    it('keeps an approved application once its visit day has come: no withdrawal, but the visitor may erase their data and close the account', async () => {
      const { client, account, audienceId, entryUrl } = await submittedApplication(6);
      const { client: reviewer } = await signedIn('organizer', ['ROLE_SUPER_ADMIN']);
      expect((await reviewer.graphql(APPROVE, { ids: [audienceId] })).body.errors).toBeUndefined();
      const services = app.portal.app.services;
      const previous = services.clock.now;
      services.clock.now = () => new Date('2099-04-10T08:30:00+08:00').getTime();
      try {
        const withdrawn = await client.graphql('mutation { withdrawApplication }');
        expect(withdrawn.body.errors?.[0]?.extensions.code).toBe('AUDIENCE_WITHDRAW_AFTER_VISIT');

        const ERASE_MINE = 'mutation ($password: String!) { eraseMyPersonalData(password: $password) }';
        const wrong = await client.graphql(ERASE_MINE, { password: encodePasswordForTransport('not my password') });
        expect(wrong.body.errors?.[0]?.extensions.code).toBe('PASSWORD_CURRENT_WRONG');
        expect((await client.graphql(`{ viewer { __typename } }`)).body.data).toEqual({ viewer: { __typename: 'User' } });

        const erased = await client.graphql(ERASE_MINE, { password: encodePasswordForTransport('Passw0rd123') });
        expect(erased.body).toEqual({ data: { eraseMyPersonalData: true } });
      } finally {
        services.clock.now = previous;
      }
      // The session is over, the account cannot sign in, the photos are gone, the visit stays anonymous.
      expect((await client.graphql(`{ viewer { __typename } }`)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      const closed = await services.accounts.findById(account.id);
      expect(closed).toMatchObject({ name: '', mobile: null, email: null, passwordHash: null, disabled: true });
      const detail = await reviewer.graphql<{ audience: Record<string, unknown> }>('query ($id: ID!) { audience(id: $id) { name idNumber approveStatus personalDataErasedAt } }', { id: audienceId });
      expect(detail.body.data?.audience).toMatchObject({ name: null, idNumber: null, approveStatus: 'DONE' });
      expect((await reviewer.fetch(entryUrl)).status).toBe(404);
      const audits = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.actorId, account.id));
      expect(audits.map((row) => row.action)).toContain('account.erase');
    });

    it('deletes an application that may still be withdrawn when its visitor erases their data', async () => {
      const { client, input, audienceId } = await submittedApplication(7);
      const { body } = await client.graphql('mutation ($password: String!) { eraseMyPersonalData(password: $password) }', { password: encodePasswordForTransport('Passw0rd123') });
      expect(body).toEqual({ data: { eraseMyPersonalData: true } });
      const { client: reviewer } = await signedIn('organizer', ['ROLE_SUPER_ADMIN']);
      expect((await reviewer.graphql('query ($id: ID!) { audience(id: $id) { id } }', { id: audienceId })).body.data).toEqual({ audience: null });
      const [code] = await app.portal.database.db.select().from(activationCodes).where(eq(activationCodes.code, input.activationCode));
      expect(code?.status).toBe('UNUSED');
    });

    it('erases everything once the retention period after the show has ended', async () => {
      await submittedApplication(5);
      const services = app.portal.app.services;
      expect(await services.personalData.eraseExpired()).toBe(0);
      const previous = services.clock.now;
      services.clock.now = () => new Date('2099-04-11T00:00:00+08:00').getTime() + 181 * 86_400_000;
      try {
        expect(await services.personalData.eraseExpired()).toBeGreaterThan(0);
        expect(await services.personalData.eraseExpired()).toBe(0);
      } finally {
        services.clock.now = previous;
      }
    });
  });
});
