import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LETTER_PATHS, LETTER_VERIFY_PAGE, type LetterVerification } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { signedInClient } from '../../test/submissions';
import { readPrintedPdf } from '../../test/printed-pdf';
import { auditLog, audiences, badges, invitationLetters, showDays } from '../../db/schema/index';

// Visa invitation letters over real HTTP: request rules, the sections' decisions and revocation, who may
// read what (FORBIDDEN for another visitor, another company, the wrong roles), the PDF read back with
// poppler (text and the QR's address), the public verification answer, PIPL erasure, and a race.

const HOLDER = `query ($badgeId: ID) { letterHolder(badgeId: $badgeId) { eligible holderName passportMasked birthDateKnown visitFrom visitTo letters { id status pdfUrl } } }`;
const REQUEST = `mutation ($input: RequestLetterInput!) { requestInvitationLetter(input: $input) { id status holderName passportMasked visitFrom visitTo company } }`;
const QUEUE = `query ($status: LetterStatus) { invitationLetters(status: $status) { id holderKind status holderName passportMasked nationality } }`;
const DECIDE = `mutation ($letterId: ID!, $decision: LetterDecision!, $reason: String) { decideInvitationLetter(letterId: $letterId, decision: $decision, reason: $reason) { id status pdfUrl refuseReason } }`;
const REVOKE = `mutation ($letterId: ID!, $reason: String!) { revokeInvitationLetter(letterId: $letterId, reason: $reason) { id status revokeReason pdfUrl } }`;
const TEMPLATE = `{ letterTemplate { issuerName bodyZh updatedAt } }`;
const SAVE_TEMPLATE = `mutation ($input: LetterTemplateInput!) { saveLetterTemplate(input: $input) { issuerName issuerTitle updatedAt } }`;
const COMPANY = `{ companyInvitationLetters { id status holderName } }`;

const FIRST_DAY = '2030-05-01';
const LAST_DAY = '2030-05-03';
const PASSPORT = 'E12345678';

describe('invitation letters', () => {
  let app: TestApp;
  let audienceOffice: TestClient;
  let exhibitorOffice: TestClient;
  let projectOffice: TestClient;
  let ticketOffice: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.database.db.insert(showDays).values([FIRST_DAY, '2030-05-02', LAST_DAY].map((day) => ({ day, capacity: 10, deadline: new Date(`${day}T09:00:00+08:00`) })));
    audienceOffice = (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE'])).client;
    exhibitorOffice = (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client;
    projectOffice = (await signedInClient(app, 'organizer', ['ROLE_PROJECT'])).client;
    ticketOffice = (await signedInClient(app, 'organizer', ['ROLE_TICKET'])).client;
  }, 60_000);
  afterAll(() => app.close());

  /** A signed-in visitor whose application is in `status` with that ID. */
  async function visitor(values: Partial<typeof audiences.$inferInsert> = {}) {
    const { client, account } = await signedInClient(app, 'audience');
    const [row] = await app.portal.database.db
      .insert(audiences)
      .values({ accountId: account.id, approveStatus: 'DONE', name: 'John Smith', idType: 'PASSPORT', idNumber: PASSPORT, idNumberHash: randomUUID(), birthDate: '1990-01-02', ...values })
      .returning({ id: audiences.id });
    return { client, account, applicationId: row?.id ?? '' };
  }

  /** An approved staff badge with a passport of the exhibitor `exhibitorId`. */
  async function badge(exhibitorId: string, values: Partial<typeof badges.$inferInsert> = {}) {
    const id = String(Math.floor(Math.random() * 1e9));
    const [row] = await app.portal.database.db
      .insert(badges)
      .values({
        exhibitorId,
        status: 'APPROVED',
        name: 'Maria Rossi',
        namePinyin: 'Maria Rossi',
        countryCode: '+39',
        phoneNumber: `3${id.padStart(9, '0')}`,
        email: 'staff@example.com',
        idType: 'PASSPORT',
        idNumber: `YA${id.padStart(7, '0')}`,
        idNumberHash: `hash-${randomUUID()}`,
        idNumberLast4: id.slice(-4),
        country: 'IT',
        deptName: 'Sales',
        position: 'Manager',
        companyNameZh: '测试摩托',
        companyNameEn: 'Test Moto',
        truthConfirmedAt: new Date(),
        sensitiveConsentAt: new Date(),
        ...values,
      })
      .returning();
    if (!row) throw new Error('no badge');
    return row;
  }

  async function errorCode(client: TestClient, query: string, variables: Record<string, unknown> = {}) {
    const { body } = await client.graphql(query, variables);
    return body.errors?.[0]?.extensions.code;
  }

  async function data<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const { body } = await client.graphql<T>(query, variables);
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data;
  }

  const request = (values: Record<string, unknown> = {}) => ({ input: { nationality: 'United Kingdom', passportExpiry: '2031-12-31', ...values } });

  async function verification(path: string) {
    const url = new URL(path, app.baseUrl);
    const id = url.pathname.slice(LETTER_VERIFY_PAGE.length + 1);
    const response = await app.client().fetch(`${LETTER_PATHS.verify}/${id}?s=${url.searchParams.get('s') ?? ''}`);
    return { status: response.status, body: (await response.json()) as LetterVerification & { code?: string } };
  }

  it('keeps the template to the project section, and issues nothing before it is saved', async () => {
    expect(await errorCode(audienceOffice, TEMPLATE)).toBe('FORBIDDEN');
    expect(await errorCode(audienceOffice, SAVE_TEMPLATE, { input: { issuerName: 'x', issuerTitle: 'y', bodyZh: 'z', bodyEn: 'w' } })).toBe('FORBIDDEN');
    const fresh = await data<{ letterTemplate: { issuerName: string; bodyZh: string; updatedAt: string | null } }>(projectOffice, TEMPLATE);
    expect(fresh.letterTemplate.updatedAt).toBeNull();
    expect(fresh.letterTemplate.bodyZh).toContain('{passportNumber}');

    const { client, applicationId } = await visitor({ name: 'Early Bird' });
    const { requestInvitationLetter } = await data<{ requestInvitationLetter: { id: string } }>(client, REQUEST, request());
    expect(await errorCode(audienceOffice, DECIDE, { letterId: requestInvitationLetter.id, decision: 'ISSUE' })).toBe('LETTER_TEMPLATE_MISSING');
    expect(await errorCode(projectOffice, SAVE_TEMPLATE, { input: { issuerName: '', issuerTitle: 'y', bodyZh: 'z', bodyEn: 'w' } })).toBe('LETTER_TEMPLATE_INVALID');
    const saved = await data<{ saveLetterTemplate: { issuerName: string; updatedAt: string } }>(projectOffice, SAVE_TEMPLATE, {
      input: { issuerName: '王主任', issuerTitle: 'Director, Show Office', bodyZh: fresh.letterTemplate.bodyZh, bodyEn: '{showName}: we invite {name}, passport {passportNumber} ({nationality}), from {visitFrom} to {visitTo}. {company}' },
    });
    expect(saved.saveLetterTemplate.issuerName).toBe('王主任');
    const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'letter_template.save'));
    expect(audited).toMatchObject({ subjectType: 'letter_template', detail: { before: null } });
    expect(applicationId).toBeTruthy();
  });

  it("lets an approved passport holder ask once; others are not eligible; the request's dates are checked", async () => {
    const mainland = await visitor({ idType: 'MAINLAND_ID', idNumber: '110105199001021234' });
    expect(await errorCode(mainland.client, REQUEST, request())).toBe('LETTER_NOT_ELIGIBLE');
    const pending = await visitor({ approveStatus: 'WAIT' });
    expect(await errorCode(pending.client, REQUEST, request())).toBe('LETTER_NOT_ELIGIBLE');
    const holderPage = await data<{ letterHolder: { eligible: boolean } }>(pending.client, HOLDER);
    expect(holderPage.letterHolder.eligible).toBe(false);

    const { client } = await visitor();
    const page = await data<{ letterHolder: Record<string, unknown> }>(client, HOLDER);
    expect(page.letterHolder).toMatchObject({ eligible: true, holderName: 'John Smith', passportMasked: 'E1*****78', birthDateKnown: true, visitFrom: FIRST_DAY, visitTo: LAST_DAY, letters: [] });
    expect(await errorCode(client, REQUEST, request({ passportExpiry: LAST_DAY }))).toBe('LETTER_PASSPORT_EXPIRES');
    expect(await errorCode(client, REQUEST, request({ nationality: ' ' }))).toBe('LETTER_NATIONALITY_REQUIRED');
    expect(await errorCode(client, REQUEST, request({ passportExpiry: '2031-02-30' }))).toBe('LETTER_DATE_INVALID');
    const { requestInvitationLetter } = await data<{ requestInvitationLetter: Record<string, unknown> }>(client, REQUEST, request());
    expect(requestInvitationLetter).toMatchObject({ status: 'PENDING', holderName: 'John Smith', passportMasked: 'E1*****78', visitFrom: FIRST_DAY, visitTo: LAST_DAY, company: null });
    expect(await errorCode(client, REQUEST, request())).toBe('LETTER_ALREADY_REQUESTED');
    // Organizers and exhibitors ask for no visitor letter.
    expect(await errorCode(audienceOffice, REQUEST, request())).toBe('FORBIDDEN');
  });

  it('lets one of two simultaneous requests of a holder in', async () => {
    const { client } = await visitor();
    const results = await Promise.all(Array.from({ length: 4 }, () => client.graphql(REQUEST, request())));
    expect(results.filter((result) => result.body.data).length).toBe(1);
    expect(results.filter((result) => result.body.errors?.[0]?.extensions.code === 'LETTER_ALREADY_REQUESTED').length).toBe(3);
  });

  it("issues a visitor's letter by the audience section; the PDF holds the passport, dates and a QR to the verification page; revoked, the page says so", async () => {
    const holder = await visitor();
    const other = await visitor({ name: 'Other Person', idNumber: 'E99999999' });
    const exhibitor = await signedInClient(app, 'exhibitor');
    const { requestInvitationLetter: letter } = await data<{ requestInvitationLetter: { id: string } }>(holder.client, REQUEST, request({ nationality: 'United Kingdom' }));

    // The queue: the audience section sees visitor letters with the passport masked; the wrong roles are FORBIDDEN.
    const queue = await data<{ invitationLetters: Array<{ id: string; passportMasked: string; holderKind: string }> }>(audienceOffice, QUEUE, { status: 'PENDING' });
    expect(queue.invitationLetters.find((each) => each.id === letter.id)).toMatchObject({ holderKind: 'VISITOR', passportMasked: 'E1*****78' });
    expect(JSON.stringify(queue)).not.toContain(PASSPORT);
    expect((await data<{ invitationLetters: Array<{ id: string }> }>(exhibitorOffice, QUEUE)).invitationLetters.map((each) => each.id)).not.toContain(letter.id);
    expect(await errorCode(ticketOffice, QUEUE)).toBe('FORBIDDEN');
    expect(await errorCode(holder.client, QUEUE)).toBe('FORBIDDEN');
    expect(await errorCode(exhibitorOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' })).toBe('FORBIDDEN');
    expect(await errorCode(holder.client, DECIDE, { letterId: letter.id, decision: 'ISSUE' })).toBe('FORBIDDEN');
    expect(await errorCode(audienceOffice, DECIDE, { letterId: letter.id, decision: 'REFUSE' })).toBe('LETTER_REASON_REQUIRED');

    const issued = await data<{ decideInvitationLetter: { status: string; pdfUrl: string } }>(audienceOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' });
    expect(issued.decideInvitationLetter.status).toBe('ISSUED');
    expect(await errorCode(audienceOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' })).toBe('LETTER_NOT_PENDING');
    const pdfUrl = issued.decideInvitationLetter.pdfUrl;

    // Only the holder and the section read the PDF.
    expect((await other.client.fetch(pdfUrl)).status).toBe(403);
    expect((await exhibitor.client.fetch(pdfUrl)).status).toBe(403);
    expect((await exhibitorOffice.fetch(pdfUrl)).status).toBe(403);
    expect((await app.client().fetch(pdfUrl)).status).toBe(401);
    expect((await audienceOffice.fetch(pdfUrl)).status).toBe(200);

    const response = await holder.client.fetch(pdfUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const printed = await readPrintedPdf(new Uint8Array(await response.arrayBuffer()));
    let verifyUrl: string;
    try {
      const text = printed.text.replace(/\s+/g, ' ');
      expect(printed.pages).toBe(1);
      expect(text).toContain('John Smith');
      expect(text).toContain(PASSPORT);
      expect(text).toContain('United Kingdom');
      expect(text).toContain(FIRST_DAY);
      expect(text).toContain(LAST_DAY);
      expect(text).toContain('王主任');
      expect(text).toContain('邀请函');
      expect(text).toContain('Letter of Invitation');
      expect(printed.fontsSubset).toBe(true);
      verifyUrl = (await printed.qrOfPage(1)) ?? '';
    } finally {
      await printed.close();
    }
    expect(verifyUrl).toMatch(new RegExp(`^${app.baseUrl}${LETTER_VERIFY_PAGE}/${letter.id}\\?s=[A-Za-z0-9_-]{22}$`));
    const downloads = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'invitation_letter.download'), eq(auditLog.subjectId, letter.id)));
    expect(downloads).toHaveLength(2);

    // The public page: valid, masked; a wrong signature is an unknown letter.
    const valid = await verification(verifyUrl);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ verdict: 'VALID', nameMasked: 'J*** S****', passportMasked: 'E1*****78', visitFrom: FIRST_DAY, visitTo: LAST_DAY, issuer: '王主任, Director, Show Office', revokedAt: null });
    expect(JSON.stringify(valid.body)).not.toContain('Smith');
    expect((await verification(verifyUrl.replace(/s=.{4}/, 's=AAAA'))).status).toBe(404);
    expect((await verification(`${LETTER_VERIFY_PAGE}/${randomUUID()}?s=${new URL(verifyUrl).searchParams.get('s') ?? ''}`)).status).toBe(404);

    // Revoked by the section with a reason: the page says revoked, the PDF is gone.
    expect(await errorCode(exhibitorOffice, REVOKE, { letterId: letter.id, reason: 'no' })).toBe('FORBIDDEN');
    expect(await errorCode(audienceOffice, REVOKE, { letterId: letter.id, reason: '' })).toBe('LETTER_REASON_REQUIRED');
    const revoked = await data<{ revokeInvitationLetter: { status: string; pdfUrl: string | null } }>(audienceOffice, REVOKE, { letterId: letter.id, reason: 'Application withdrawn by phone' });
    expect(revoked.revokeInvitationLetter).toMatchObject({ status: 'REVOKED', pdfUrl: null });
    expect(await errorCode(audienceOffice, REVOKE, { letterId: letter.id, reason: 'again' })).toBe('LETTER_NOT_ISSUED');
    const afterRevoke = await verification(verifyUrl);
    expect(afterRevoke.body).toMatchObject({ verdict: 'REVOKED', nameMasked: 'J*** S****' });
    expect(afterRevoke.body.revokedAt).not.toBeNull();
    const refused = await holder.client.fetch(pdfUrl);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('LETTER_NOT_ISSUED');
    const actions = (await app.portal.database.db.select().from(auditLog).where(eq(auditLog.subjectId, letter.id))).map((entry) => entry.action).sort();
    expect(actions).toEqual(['invitation_letter.download', 'invitation_letter.download', 'invitation_letter.issue', 'invitation_letter.request', 'invitation_letter.revoke']);
    // Revoked, a new letter may be asked for.
    expect((await holder.client.graphql(REQUEST, request())).body.data).toBeTruthy();
  });

  it("lets an exhibitor ask for its approved staff member's letter, decided by the exhibitor section; never another company's", async () => {
    const company = await signedInClient(app, 'exhibitor');
    const exhibitorId = company.account.exhibitorId ?? '';
    const staff = await badge(exhibitorId);
    const rival = await signedInClient(app, 'exhibitor');
    const visitorClient = (await visitor()).client;

    expect(await errorCode(rival.client, HOLDER, { badgeId: staff.id })).toBe('FORBIDDEN');
    expect(await errorCode(rival.client, REQUEST, request({ badgeId: staff.id, birthDate: '1985-03-04' }))).toBe('FORBIDDEN');
    expect(await errorCode(visitorClient, REQUEST, request({ badgeId: staff.id, birthDate: '1985-03-04' }))).toBe('FORBIDDEN');
    const page = await data<{ letterHolder: Record<string, unknown> }>(company.client, HOLDER, { badgeId: staff.id });
    expect(page.letterHolder).toMatchObject({ eligible: true, holderName: 'Maria Rossi', birthDateKnown: false });
    expect(await errorCode(company.client, REQUEST, request({ badgeId: staff.id, nationality: 'Italy' }))).toBe('LETTER_BIRTH_DATE_REQUIRED');
    const pendingBadge = await badge(exhibitorId, { status: 'PENDING' });
    expect(await errorCode(company.client, REQUEST, request({ badgeId: pendingBadge.id, birthDate: '1985-03-04' }))).toBe('LETTER_NOT_ELIGIBLE');

    const { requestInvitationLetter: letter } = await data<{ requestInvitationLetter: { id: string; company: string } }>(company.client, REQUEST, request({ badgeId: staff.id, nationality: 'Italy', birthDate: '1985-03-04' }));
    expect(letter.company).toBe('Test Moto');
    expect(await errorCode(audienceOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' })).toBe('FORBIDDEN');
    const { decideInvitationLetter } = await data<{ decideInvitationLetter: { pdfUrl: string } }>(exhibitorOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' });
    expect((await rival.client.fetch(decideInvitationLetter.pdfUrl)).status).toBe(403);
    expect((await audienceOffice.fetch(decideInvitationLetter.pdfUrl)).status).toBe(403);
    const response = await company.client.fetch(decideInvitationLetter.pdfUrl);
    expect(response.status).toBe(200);
    const printed = await readPrintedPdf(new Uint8Array(await response.arrayBuffer()));
    try {
      const text = printed.text.replace(/\s+/g, ' ');
      expect(text).toContain('Maria Rossi');
      expect(text).toContain(staff.idNumber);
      expect(text).toContain('Test Moto');
    } finally {
      await printed.close();
    }
    const listed = await data<{ companyInvitationLetters: Array<{ id: string }> }>(company.client, COMPANY);
    expect(listed.companyInvitationLetters.map((each) => each.id)).toEqual([letter.id]);
    expect((await data<{ companyInvitationLetters: unknown[] }>(rival.client, COMPANY)).companyInvitationLetters).toEqual([]);

    // A refusal carries its reason.
    const second = await badge(exhibitorId, { name: 'Luca Bianchi' });
    const { requestInvitationLetter: another } = await data<{ requestInvitationLetter: { id: string } }>(company.client, REQUEST, request({ badgeId: second.id, nationality: 'Italy', birthDate: '1980-01-01' }));
    const refused = await data<{ decideInvitationLetter: { status: string; refuseReason: string; pdfUrl: string | null } }>(exhibitorOffice, DECIDE, { letterId: another.id, decision: 'REFUSE', reason: 'Passport copy unreadable' });
    expect(refused.decideInvitationLetter).toEqual({ id: another.id, status: 'REFUSED', refuseReason: 'Passport copy unreadable', pdfUrl: null });
  });

  it("erases a holder's letters with their personal data: the verification page then says not valid", async () => {
    const holder = await visitor({ name: 'Erased Person' });
    const { requestInvitationLetter: letter } = await data<{ requestInvitationLetter: { id: string } }>(holder.client, REQUEST, request());
    await data(audienceOffice, DECIDE, { letterId: letter.id, decision: 'ISSUE' });
    const path = app.portal.app.services.invitationLetters.verificationPath(letter.id);
    expect((await verification(path)).body.verdict).toBe('VALID');

    const organizer = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
    await app.portal.app.services.personalData.erase(organizer.account.id, [holder.applicationId], { ip: '127.0.0.1', requestId: 'test' });
    const answer = await verification(path);
    expect(answer.body).toEqual({ verdict: 'NOT_VALID', nameMasked: null, passportMasked: null, visitFrom: null, visitTo: null, issuer: null, issuedAt: null, revokedAt: null });
    const [row] = await app.portal.database.db.select().from(invitationLetters).where(eq(invitationLetters.id, letter.id));
    expect(row).toMatchObject({ status: 'REVOKED', holderName: null, passportNumber: null, nationality: null });
    expect(row?.erasedAt).not.toBeNull();
    const [erasure] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'invitation_letter.erase'));
    expect(erasure?.detail).toEqual({ ids: [letter.id] });
    // A signed-in session of the erased holder reads no PDF any more.
    const organizerClient = app.client();
    await signInDirectly(app, organizerClient, organizer.account);
    const gone = await organizerClient.fetch(`${LETTER_PATHS.pdf}?letterId=${letter.id}`);
    expect(gone.status).toBe(400);
  });
});
