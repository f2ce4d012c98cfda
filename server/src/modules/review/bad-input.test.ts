import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { auditLog } from '../audit/audit.tables';

/**
 * Bad input is refused at the edge with the operation's schema (a field error), never
 * reaches the database as an INTERNAL/500. Each case here answered INTERNAL or 500 before.
 */
describe('bad input is a field error, not an internal one', () => {
  let app: TestApp;
  let reviewer: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    reviewer = app.client();
    await signInDirectly(app, reviewer, (await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] })).account);
    visitor = app.client();
    await signInDirectly(app, visitor, (await createAccount(app, 'audience')).account);
  });
  afterAll(() => app.close());

  const classificationOf = (body: { errors?: Array<{ extensions: Record<string, unknown> }> }) => body.errors?.[0]?.extensions.classification;

  it('refuses a NUL byte in a profile name or nickname', async () => {
    for (const input of [{ name: 'A\u0000B' }, { name: 'Ok', nickname: 'x\u0000' }]) {
      const { body } = await visitor.graphql('mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename } }', { input });
      expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST', code: 'PROFILE_NAME_INVALID' });
    }
  });

  it('refuses a NUL byte in the list keyword, a channel that is not an id, and an id of 36 dashes', async () => {
    const list = 'query ($filter: AudienceFilter) { audiences(filter: $filter) { total } }';
    expect(classificationOf((await reviewer.graphql(list, { filter: { keyword: 'a\u0000' } })).body)).toBe('BAD_REQUEST');
    expect(classificationOf((await reviewer.graphql(list, { filter: { channelId: 'not-a-uuid' } })).body)).toBe('BAD_REQUEST');
    const detail = await reviewer.graphql('query ($id: ID!) { audience(id: $id) { id } }', { id: '-'.repeat(36) });
    expect(detail.body).toEqual({ data: { audience: null } });
    expect((await reviewer.fetch(`/apis/files/photos/${'-'.repeat(36)}`)).status).toBe(404);
  });

  it('refuses a NUL byte in the export keyword before the download starts', async () => {
    const response = await reviewer.fetch('/apis/files/exports/audiences.xlsx?keyword=a%00b');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'BAD_REQUEST' });
  });

  it('refuses a NUL byte in the activation code as that field', async () => {
    const { body } = await visitor.graphql('mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id } }', {
      input: {
        name: '张三',
        mobile: '13912345678',
        email: 'a@example.com',
        idType: 'PASSPORT',
        idNumber: 'E12345678',
        birthDate: '1990-01-01',
        entryPhotoId: '00000000-0000-4000-8000-000000000001',
        idPhotoId: '00000000-0000-4000-8000-000000000002',
        visitDates: ['2099-04-10'],
        activationCode: 'AB\u0000CD',
        truthConfirmed: true,
        sensitiveConsent: true,
      },
    });
    expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST' });
    expect(JSON.stringify(body.errors?.[0]?.extensions.fields)).toContain('activationCode');
  });

  it('refuses a NUL byte in the sign-in identity before any lookup', async () => {
    const response = await app.client().postForm('/apis/auth/login', { identity: 'a\u0000@example.com', password: btoa('Passw0rd123'), scope: 'audience' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ reason: 'BAD_REQUEST' });
  });

  it('refuses an Upload variable sent as a JSON string', async () => {
    const { body } = await visitor.graphql('mutation ($file: Upload!) { uploadPhoto(file: $file, purpose: ENTRY_CARD) { id } }', { file: 'not a file' });
    expect(classificationOf(body)).toBe('BAD_REQUEST');
  });

  it('audits nothing for a refused request', async () => {
    const rows = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'audience.view'));
    expect(rows).toEqual([]);
  });
});
