import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { configurePersonalDataKeys } from '../../lib/personal-data-cipher';
import { insertApplication, uniqueMainlandId } from '../review/review-export.test-support';
import { audiences } from './application.tables';

const TEST_SECRET = 'test-secret-test-secret-test-secret-0000';

/** ID numbers are encrypted at rest; uniqueness and the organizer's search still work. */
describe('ID numbers at rest', () => {
  let app: TestApp;
  let reviewer: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    reviewer = app.client();
    await signInDirectly(app, reviewer, (await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] })).account);
  });
  afterAll(async () => {
    configurePersonalDataKeys(TEST_SECRET, undefined);
    await app.close();
  });

  /** The columns as stored, the encrypted one read raw (not through the decrypting column type). */
  const stored = async (id: string) => {
    const [row] = await app.portal.database.db
      .select({ id_number: audiences.legacyIdNumber, id_number_encrypted: sql<string | null>`id_number_encrypted`, id_number_last4: audiences.idNumberLast4 })
      .from(audiences)
      .where(eq(audiences.id, id));
    return row;
  };
  const search = async (keyword: string) => {
    const { body } = await reviewer.graphql<{ audiences: { nodes: Array<{ id: string; idNumberMasked: string }> } }>(
      'query ($keyword: String) { audiences(filter: { keyword: $keyword }) { nodes { id idNumberMasked } } }',
      { keyword },
    );
    return body.data?.audiences.nodes ?? [];
  };

  it('stores no ID number in plain text, and still finds it by the whole number or its last four characters', async () => {
    const idNumber = uniqueMainlandId();
    const { id } = await insertApplication(app, { status: 'WAIT', name: '周杰', submittedAt: new Date(), idNumber });
    const row = await stored(id);
    expect(row?.id_number).toBeNull();
    expect(row?.id_number_encrypted).toMatch(/^s1:/);
    expect(row?.id_number_encrypted).not.toContain(idNumber);
    expect((await search(idNumber)).map((node) => node.id)).toEqual([id]);
    expect((await search(idNumber.slice(-4))).map((node) => node.id)).toContain(id);
    expect((await search(idNumber.toLowerCase()))[0]?.idNumberMasked).toBe(`${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);
  });

  it('encrypts rows stored in plain text before, at start-up', async () => {
    const idNumber = uniqueMainlandId();
    const { id } = await insertApplication(app, { status: 'WAIT', name: '吴敏', submittedAt: new Date(), idNumber });
    // As a row written before encryption at rest: the number in the old column only.
    await app.portal.database.db.execute(sql`update audiences set id_number = ${idNumber}, id_number_encrypted = null, id_number_hash = null, id_number_last4 = null where id = ${id}`);
    expect(await app.portal.app.services.personalData.sealIdNumbers()).toBe(1);
    expect(await stored(id)).toMatchObject({ id_number: null, id_number_last4: idNumber.slice(-4) });
    expect((await search(idNumber)).map((node) => node.id)).toEqual([id]);
  });

  it('rotates keys: a new first key encrypts, the old one still decrypts, and start-up re-encrypts', async () => {
    const idNumber = uniqueMainlandId();
    const { id } = await insertApplication(app, { status: 'WAIT', name: '郑爽', submittedAt: new Date(), idNumber });
    const oldKey = (await stored(id))?.id_number_encrypted;
    configurePersonalDataKeys(TEST_SECRET, `k2:${randomBytes(32).toString('base64')},s1:${Buffer.from(await derivedS1()).toString('base64')}`);
    const [before] = await app.portal.database.db.select({ idNumber: audiences.idNumber }).from(audiences).where(eq(audiences.id, id));
    expect(before?.idNumber).toBe(idNumber);
    expect(await app.portal.app.services.personalData.sealIdNumbers()).toBeGreaterThanOrEqual(1);
    expect((await stored(id))?.id_number_encrypted).toMatch(/^k2:/);
    expect((await stored(id))?.id_number_encrypted).not.toBe(oldKey);
    expect((await search(idNumber)).map((node) => node.id)).toEqual([id]);
  });
});

/** The key `s1` that configurePersonalDataKeys derives from the secret when no keys are configured. */
async function derivedS1() {
  const { hkdfSync } = await import('node:crypto');
  return hkdfSync('sha256', TEST_SECRET, 'moto-expo-personal-data', 'encryption', 32);
}
