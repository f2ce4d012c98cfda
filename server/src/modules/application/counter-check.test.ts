import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { noisePicture, signedInClient, uploadPicture } from '../../test/submissions';
import type { PhotoPurpose } from '../media/media.models';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { photos, tickets } from '../../db/schema/index';
import { setFaceDescriptor } from '../media/photo.repository';
import { deviceCall, registerDeviceWithToken } from '../entrance/entrance-test-support';

const SUBMIT = `mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id approveStatus counterCheck } }`;
const LIST = `query ($filter: AudienceFilter) { audiences(filter: $filter) { total nodes { id counterCheck } } }`;
const DETAIL = `query ($id: ID!) { audience(id: $id) { id counterCheck faceMatchScore entryPhoto { url } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveAudiences(ids: $ids) { id approveStatus } }`;
const DASHBOARD = `{ dashboard { applications { counterCheck { status count } } } }`;
const SAVE_BADGE = `mutation ($input: BadgeInput!) { saveBadge(input: $input) { id status } }`;
const BADGE_DETAIL = `query ($id: ID!) { badge(id: $id) { id counterCheck faceMatchScore } }`;
const APPROVE_BADGES = `mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id status } }`;
const FACE_CHECK = `query ($ticketId: ID!) { ticketFaceCheck(ticketId: $ticketId) { ticket { counterCheck } faceMatchScore } }`;

type Scanned = { admit: boolean; reason: string; ticket: { id: string; photoUrl: string | null; counterCheck: boolean } | null };

let serial = 0;
function mainlandId() {
  serial += 1;
  const first17 = `44030519880707${String(serial).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

/**
 * The counter check (DESIGN §6 "faces are never the only way in", decision 0209): a visitor or a staff badge
 * verified at the counter has photos without any face data, a review without a score, and a ticket the gate
 * marks "compare the ID document in person".
 */
describe('the counter check instead of face recognition', () => {
  let app: TestApp;
  let face: Buffer;
  let reviewer: TestClient;
  const today = shanghaiDate(new Date());

  beforeAll(async () => {
    app = await createTestApp();
    const sample = demoSample(2);
    face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
    await app.portal.app.services.show.upsertShowDay({ day: today, capacity: 50, deadline: new Date(Date.now() + 3600_000) });
    await app.portal.app.services.activationCodes.insert(['CC-1', 'CC-2', 'CC-3'], 'counter-check');
    reviewer = (await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN'])).client;
  }, 120_000);
  afterAll(() => app.close());

  const upload = async (client: TestClient, purpose: PhotoPurpose, picture: Buffer, counterCheck: boolean) => (await uploadPicture(client, purpose, picture, { counterCheck })).id;

  /** The photos' rows in the order of `ids`. */
  async function photoRows(ids: string[]) {
    const rows = await app.portal.database.db.select().from(photos).where(inArray(photos.id, ids));
    return ids.map((photoId) => rows.find((row) => row.id === photoId));
  }

  function applicationInput(entryPhotoId: string, idPhotoId: string, code: string, counterCheck: boolean) {
    serial += 1;
    return {
      name: '赵敏',
      mobile: `1390000${String(serial).padStart(4, '0')}`,
      email: `cc${serial}@example.com`,
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      entryPhotoId,
      idPhotoId,
      visitDates: [today],
      activationCode: code,
      truthConfirmed: true,
      sensitiveConsent: true,
      counterCheck,
    };
  }

  it('a visitor verified at the counter: no face detection, no face data, no score; the gate is told to compare the ID in person', async () => {
    const faces = app.portal.app.services.faces;
    const detections = [vi.spyOn(faces, 'check'), vi.spyOn(faces, 'analyse'), vi.spyOn(faces, 'describeLater')];
    const visitor = (await signedInClient(app, 'audience')).client;
    // A picture with no face at all passes: only content, size and pixels are checked.
    const entry = await upload(visitor, 'ENTRY_CARD', await noisePicture(400, 400), true);
    const id = await upload(visitor, 'ID_CARD', face, true);
    const submitted = await visitor.graphql<{ submitApplication: { id: string; approveStatus: string; counterCheck: boolean } }>(SUBMIT, { input: applicationInput(entry, id, 'CC-1', true) });
    expect(submitted.body.data?.submitApplication).toMatchObject({ approveStatus: 'WAIT', counterCheck: true });
    const audienceId = submitted.body.data?.submitApplication.id ?? '';

    // The review: the same states, no score, and the list's filter finds it.
    const detail = await reviewer.graphql<{ audience: { counterCheck: boolean; faceMatchScore: number | null } }>(DETAIL, { id: audienceId });
    expect(detail.body.data?.audience).toMatchObject({ counterCheck: true, faceMatchScore: null });
    const listed = await reviewer.graphql<{ audiences: { total: number; nodes: Array<{ id: string; counterCheck: boolean }> } }>(LIST, { filter: { counterCheck: true } });
    expect(listed.body.data?.audiences.nodes.map((node) => node.id)).toContain(audienceId);
    expect(listed.body.data?.audiences.nodes.every((node) => node.counterCheck)).toBe(true);
    const dashboard = await reviewer.graphql<{ dashboard: { applications: { counterCheck: Array<{ status: string; count: number }> } } }>(DASHBOARD);
    expect(dashboard.body.data?.dashboard.applications.counterCheck).toContainEqual({ status: 'WAIT', count: 1 });
    expect((await reviewer.graphql<{ approveAudiences: Array<{ approveStatus: string }> }>(APPROVE, { ids: [audienceId] })).body.data?.approveAudiences[0]?.approveStatus).toBe('DONE');

    for (const spy of detections) expect(spy).not.toHaveBeenCalled();
    for (const spy of detections) spy.mockRestore();
    const rows = await photoRows([entry, id]);
    expect(rows.map((row) => [row?.counterCheck, row?.faceDescriptor, row?.faceRatio])).toEqual([
      [true, null, null],
      [true, null, null],
    ]);

    // The ledger, the feed, the scan answer and the device's photo all carry the mark.
    const [ticket] = await app.portal.database.db.select().from(tickets).where(eq(tickets.subjectId, audienceId));
    expect(ticket?.counterCheck).toBe(true);
    const manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
    const { token, device } = await registerDeviceWithToken(manager);
    const feed = await deviceCall(app, token, 'sync');
    const row = (feed.json?.tickets as unknown[][]).find((candidate) => candidate[2] === ticket?.id);
    expect(row?.[6]).toBe(1);
    const scanned = await deviceCall(app, token, 'scan', { scanId: 'counter-check-1', qr: await app.portal.app.services.tickets.printedToken(ticket?.id ?? '') });
    expect(scanned.json as Scanned).toMatchObject({ admit: true, reason: 'ENTRY', ticket: { id: ticket?.id, photoUrl: null, counterCheck: true } });
    expect((await deviceCall(app, token, `photos/${ticket?.id}`)).status).toBe(404);
    const log = await manager.graphql<{ entranceDeviceScans: Array<{ counterCheck: boolean }> }>(`query ($deviceId: ID!) { entranceDeviceScans(deviceId: $deviceId) { counterCheck } }`, { deviceId: device.id });
    expect(log.body.data?.entranceDeviceScans).toEqual([{ counterCheck: true }]);
    // The ticket office's face check runs no comparison either.
    const office = await reviewer.graphql<{ ticketFaceCheck: { ticket: { counterCheck: boolean }; faceMatchScore: number | null } }>(FACE_CHECK, { ticketId: ticket?.id });
    expect(office.body.data?.ticketFaceCheck).toEqual({ ticket: { counterCheck: true }, faceMatchScore: null });
  }, 60_000);

  it('face-checked photos filed for the counter check lose their face data for good; counter-check photos cannot serve face recognition', async () => {
    const visitor = (await signedInClient(app, 'audience')).client;
    const entry = await upload(visitor, 'ENTRY_CARD', face, false);
    const id = await upload(visitor, 'ID_CARD', face, false);
    const refused = await visitor.graphql(SUBMIT, { input: applicationInput(entry, await upload(visitor, 'ID_CARD', face, true), 'CC-2', false) });
    expect(refused.body.errors?.[0]?.extensions.code).toBe('PHOTO_FACE_CHECK_NEEDED');

    const submitted = await visitor.graphql<{ submitApplication: { id: string } }>(SUBMIT, { input: applicationInput(entry, id, 'CC-2', true) });
    expect(submitted.body.errors).toBeUndefined();
    // A descriptor computed after the upload and written late is not kept.
    await setFaceDescriptor(app.portal.database.db, entry, Array.from({ length: 128 }, () => 0.1));
    const rows = await photoRows([entry, id]);
    expect(rows.map((row) => [row?.counterCheck, row?.faceDescriptor])).toEqual([
      [true, null],
      [true, null],
    ]);
    const detail = await reviewer.graphql<{ audience: { faceMatchScore: number | null } }>(DETAIL, { id: submitted.body.data?.submitApplication.id });
    expect(detail.body.data?.audience.faceMatchScore).toBeNull();
    expect((await photoRows([entry])).map((row) => row?.faceDescriptor)).toEqual([null]);
  }, 60_000);

  it('a staff badge verified at the counter: photos without face data, no score, the ticket marked', async () => {
    const exhibitor = (await signedInClient(app, 'exhibitor')).client;
    const entry = await upload(exhibitor, 'BADGE', await noisePicture(400, 400), true);
    const id = await upload(exhibitor, 'BADGE_ID', await noisePicture(400, 400), true);
    const input = {
      name: '周芷若',
      namePinyin: 'Zhou Zhiruo',
      countryCode: '+86',
      phoneNumber: '13800009901',
      email: 'staff-cc@example.com',
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      country: 'CN',
      deptName: '市场部',
      position: '主管',
      companyNameZh: '测试摩托',
      companyNameEn: 'Test Moto',
      entryPhotoId: entry,
      idPhotoId: id,
      truthConfirmed: true,
      sensitiveConsent: true,
    };
    const withoutChoice = await exhibitor.graphql(SAVE_BADGE, { input });
    expect(withoutChoice.body.errors?.[0]?.extensions.code).toBe('PHOTO_FACE_CHECK_NEEDED');
    const saved = await exhibitor.graphql<{ saveBadge: { id: string; status: string } }>(SAVE_BADGE, { input: { ...input, counterCheck: true } });
    expect(saved.body.data?.saveBadge.status).toBe('PENDING');
    const badgeId = saved.body.data?.saveBadge.id ?? '';
    const detail = await reviewer.graphql<{ badge: { counterCheck: boolean; faceMatchScore: number | null } }>(BADGE_DETAIL, { id: badgeId });
    expect(detail.body.data?.badge).toEqual({ id: badgeId, counterCheck: true, faceMatchScore: null });
    expect((await reviewer.graphql<{ approveBadges: Array<{ status: string }> }>(APPROVE_BADGES, { ids: [badgeId] })).body.data?.approveBadges[0]?.status).toBe('APPROVED');
    const [ticket] = await app.portal.database.db.select().from(tickets).where(eq(tickets.subjectId, badgeId));
    expect(ticket?.counterCheck).toBe(true);
    expect((await photoRows([entry, id])).map((row) => [row?.counterCheck, row?.faceDescriptor])).toEqual([
      [true, null],
      [true, null],
    ]);
  }, 60_000);
});
