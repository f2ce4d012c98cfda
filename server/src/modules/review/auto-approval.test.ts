import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { clientsOutsideAudienceSection, signedInClient, uploadPicture } from '../../test/submissions';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { auditLog, notices } from '../../db/schema/index';
import { setFaceDescriptor } from '../media/photo.repository';

const SUBMIT = `mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id approveStatus } }`;
const RULES = `{ autoApprovalRules { id name enabled codeBatches channelIds idTypes minFaceScore } autoApprovalBatches }`;
const SAVE = `mutation ($rules: [AutoApprovalRuleInput!]!) { saveAutoApprovalRules(rules: $rules) { id name enabled codeBatches minFaceScore } }`;
const HISTORY = `query ($id: ID!) { audience(id: $id) { approveStatus statusHistory { fromStatus toStatus actorName autoRuleName } } }`;

interface RuleInput {
  name: string;
  enabled: boolean;
  codeBatches: string[];
  channelIds: string[];
  idTypes: string[];
  minFaceScore: number | null;
}
const rule = (values: Partial<RuleInput> & { name: string }): RuleInput => ({ enabled: true, codeBatches: [], channelIds: [], idTypes: [], minFaceScore: null, ...values });

let serial = 0;
function mainlandId() {
  serial += 1;
  const first17 = `44030519900101${String(serial).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

/** A descriptor at `distance` from the zero vector (face-api's 128 dimensions): the score is 1 − distance / 1.2. */
const descriptorAt = (distance: number) => [distance, ...Array.from({ length: 127 }, () => 0)];

/**
 * Auto-approval rules (docs/decisions/0310-auto-approval-rules.md): the first enabled rule an application meets
 * approves it in the transaction that submits it — history naming the rule, an audit row, the visitor's notice —
 * and anything else waits for a person.
 */
describe('auto-approval rules', () => {
  let app: TestApp;
  let face: Buffer;
  let reviewer: TestClient;
  const today = shanghaiDate(new Date());

  beforeAll(async () => {
    app = await createTestApp();
    // The test gives each photo a chosen descriptor: the one an upload keeps in the background would overwrite it
    // at a moment that depends on the machine's load, so none is kept here.
    vi.spyOn(app.portal.app.services.faces, 'describeLater').mockResolvedValue(null);
    const sample = demoSample(2);
    face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
    await app.portal.app.services.show.upsertShowDay({ day: today, capacity: 50, deadline: new Date(Date.now() + 3600_000) });
    await app.portal.app.services.activationCodes.insert(['BUYER-1', 'BUYER-2'], 'invited-buyers');
    await app.portal.app.services.activationCodes.insert(['OPEN-1', 'OPEN-2', 'OPEN-3', 'OPEN-4', 'OPEN-5'], 'open-sale');
    reviewer = (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE'])).client;
  }, 120_000);
  afterAll(() => app.close());

  /** A new visitor submits with the code; `distance` sets how far apart their two photos' faces are. */
  async function submit(code: string, options: { distance?: number; counterCheck?: boolean } = {}) {
    const visitor = (await signedInClient(app, 'audience')).client;
    const counterCheck = options.counterCheck === true;
    const entry = (await uploadPicture(visitor, 'ENTRY_CARD', face, { counterCheck })).id;
    const id = (await uploadPicture(visitor, 'ID_CARD', face, { counterCheck })).id;
    if (!counterCheck) {
      await setFaceDescriptor(app.portal.database.db, entry, descriptorAt(0));
      await setFaceDescriptor(app.portal.database.db, id, descriptorAt(options.distance ?? 0));
    }
    serial += 1;
    const input = {
      name: '钱多多',
      mobile: `1370000${String(serial).padStart(4, '0')}`,
      email: `auto${serial}@example.com`,
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      entryPhotoId: entry,
      idPhotoId: id,
      visitDates: [today],
      activationCode: code,
      truthConfirmed: true,
      sensitiveConsent: true,
      counterCheck,
    };
    const { body } = await visitor.graphql<{ submitApplication: { id: string; approveStatus: string } }>(SUBMIT, { input });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.submitApplication;
  }

  async function history(id: string) {
    const { body } = await reviewer.graphql<{ audience: { approveStatus: string; statusHistory: Array<{ fromStatus: string; toStatus: string; actorName: string | null; autoRuleName: string | null }> } }>(HISTORY, { id });
    return body.data?.audience;
  }

  it('only the audience section reads and saves the rules; a bad rule or an unknown channel is refused', async () => {
    for (const client of await clientsOutsideAudienceSection(app)) {
      expect((await client.graphql(RULES)).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect((await client.graphql(SAVE, { rules: [rule({ name: 'x' })] })).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    }
    for (const bad of [rule({ name: '' }), rule({ name: 'low', minFaceScore: 0.3 }), rule({ name: 'channel', channelIds: ['00000000-0000-4000-8000-000000000000'] })]) {
      expect((await reviewer.graphql(SAVE, { rules: [bad] })).body.errors?.[0]?.extensions.code).toBe('AUTO_APPROVAL_RULE_INVALID');
    }
    const { body } = await reviewer.graphql<{ autoApprovalRules: unknown[]; autoApprovalBatches: string[] }>(RULES);
    expect(body.data?.autoApprovalRules).toEqual([]);
    expect(body.data?.autoApprovalBatches).toEqual(expect.arrayContaining(['invited-buyers', 'open-sale']));
  });

  it('without rules every application waits for a person', async () => {
    expect((await submit('OPEN-1')).approveStatus).toBe('WAIT');
  });

  it('the first matching rule approves at submit, names itself in the history and the audit log, and the visitor is told', async () => {
    const saved = await reviewer.graphql<{ saveAutoApprovalRules: Array<{ id: number; name: string }> }>(SAVE, {
      rules: [rule({ name: 'Invited buyers', codeBatches: ['invited-buyers'] }), rule({ name: 'Switched off', enabled: false }), rule({ name: 'Faces match', minFaceScore: 0.8 })],
    });
    expect(saved.body.data?.saveAutoApprovalRules.map((row) => row.name)).toEqual(['Invited buyers', 'Switched off', 'Faces match']);
    const [saveEntry] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'auto_approval_rules.save'));
    expect(saveEntry?.detail).toMatchObject({ before: [], after: [{ name: 'Invited buyers' }, { name: 'Switched off' }, { name: 'Faces match' }] });

    // A code of the named batch: approved by the first rule, whatever the faces.
    const buyer = await submit('BUYER-1', { distance: 1.2 });
    expect(buyer.approveStatus).toBe('DONE');
    expect((await history(buyer.id))?.statusHistory.at(-1)).toEqual({ fromStatus: 'WAIT', toStatus: 'DONE', actorName: null, autoRuleName: 'Invited buyers' });
    const [approval] = await app.portal.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audience.approve'), eq(auditLog.subjectId, buyer.id)));
    expect(approval).toMatchObject({ actorId: null, detail: { from: 'WAIT', to: 'DONE', rule: { name: 'Invited buyers' } } });
    const sent = await app.portal.database.db.select().from(notices).where(like(notices.dedupeKey, 'review-decision:%'));
    expect(sent.some((row) => row.message.kind === 'email' && row.message.to.startsWith('auto'))).toBe(true);

    // Another batch: the face rule decides — a match of 0.9 passes, 0.5 does not.
    const alike = await submit('OPEN-2', { distance: 0.12 });
    expect(alike.approveStatus).toBe('DONE');
    expect((await history(alike.id))?.statusHistory.at(-1)?.autoRuleName).toBe('Faces match');
    const unlike = await submit('OPEN-3', { distance: 0.6 });
    expect(unlike.approveStatus).toBe('WAIT');
    expect((await history(unlike.id))?.statusHistory.map((change) => change.autoRuleName)).toEqual([null]);

    // The counter check carries no score and no penalty: the face condition holds for it.
    const counter = await submit('OPEN-4', { counterCheck: true });
    expect(counter.approveStatus).toBe('DONE');
    expect((await history(counter.id))?.statusHistory.at(-1)?.autoRuleName).toBe('Faces match');

    // A rule switched off decides nothing; the history keeps the name the rule had.
    await reviewer.graphql(SAVE, { rules: [rule({ name: 'Faces match', enabled: false, minFaceScore: 0.8 })] });
    expect((await submit('OPEN-5', { distance: 0 })).approveStatus).toBe('WAIT');
    expect((await history(alike.id))?.statusHistory.at(-1)?.autoRuleName).toBe('Faces match');
  });
});
