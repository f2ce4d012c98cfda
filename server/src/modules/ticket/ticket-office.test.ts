import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { admissions, auditLog, showDays, ticketCountDeltas, tickets } from '../../db/schema/index';
import { compactTicketCountDeltas, gramFrequencies, keywordGrams, rarestGrams } from './ticket-office.repository';
import { likeContains } from '../../lib/sql-like';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { TICKET_EXPORT_PATH } from './ticket-export.routes';
import { FORMULA_TEXTS, NEUTRALISED_TEXTS, sheetTexts } from '../../lib/xlsx-stream.test-support';
import { TICKET_IMPORT_PATH } from './ticket-import.routes';
import { qrCodeDrawingOf, type QrCodeDrawing } from '../../lib/qr-code';

// The ticket office (/wo/ticket/list) over real HTTP: roles on every operation, the
// import (all or nothing, good rows only, the report), the filters, revoke / reinstate, the QR, the
// face check and its audit, the export.

const NODE = 'id kind status holderName organization days externalCode importBatch revokedAt revokeReason revokedBy faceCheckedAt faceCheckedBy admissionCount lastAdmittedAt conflictCount';
const LIST = `query ($filter: TicketFilter, $page: Int, $pageSize: Int) { tickets(filter: $filter, page: $page, pageSize: $pageSize) { total page pageSize nodes { ${NODE} } } }`;
const HISTORY = `query ($ticketId: ID!) { ticketHistory(ticketId: $ticketId) { kind at actorName reason gate reEntry } }`;
const ADMISSIONS = `query ($ticketId: ID!) { ticketAdmissions(ticketId: $ticketId) { id day gate reEntry offline conflict } }`;
const FACE_CHECK = `query ($ticketId: ID!) { ticketFaceCheck(ticketId: $ticketId) { ticket { id } entryPhoto { id url } idPhoto { id url } faceMatchScore } }`;
const QR = `query ($ticketId: ID!) { ticketQr(ticketId: $ticketId) { ticketId token qr { size path } } }`;
const MARK = `mutation ($ticketId: ID!) { markTicketFaceChecked(ticketId: $ticketId) { id faceCheckedAt faceCheckedBy } }`;
const REVOKE = `mutation ($ticketId: ID!, $reason: String!) { revokeTicket(ticketId: $ticketId, reason: $reason) { id status revokeReason revokedBy } }`;
const REINSTATE = `mutation ($ticketId: ID!, $reason: String!) { reinstateTicket(ticketId: $ticketId, reason: $reason) { id status revokeReason } }`;

const DAYS = ['2030-05-01', '2030-05-02', '2030-05-03'];
const NOBODY = '00000000-0000-4000-8000-000000000000';

interface OfficeTicket {
  id: string;
  kind: string;
  status: string;
  holderName: string;
  organization: string | null;
  days: string[];
  externalCode: string | null;
  importBatch: string | null;
  revokeReason: string | null;
  revokedBy: string | null;
  faceCheckedAt: string | null;
  faceCheckedBy: string | null;
  admissionCount: number;
  conflictCount: number;
}
type Report = { rows: number; good: number; bad: number; imported: number; issues: Array<{ row: number; value: string; problem: string }> };

describe('ticket office (ROLE_SUPER_ADMIN or ROLE_TICKET)', () => {
  let app: TestApp;
  let office: TestClient;
  let officeName: string;

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.database.db.insert(showDays).values(DAYS.map((day) => ({ day, capacity: 10, deadline: new Date(`${day}T09:00:00+08:00`) })));
    const signedIn = await signedInClient(app, 'organizer', ['ROLE_TICKET']);
    office = signedIn.client;
    officeName = signedIn.account.name;
  }, 60_000);
  afterAll(() => app.close());

  async function list(filter: Record<string, unknown> = {}, client = office, page = 1) {
    const { body } = await client.graphql<{ tickets: { total: number; page: number; nodes: OfficeTicket[] } }>(LIST, { filter, page, pageSize: 50 });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.tickets;
  }

  async function importFile(body: string | Uint8Array<ArrayBuffer>, contentType: string, query: string, client = office) {
    const response = await client.fetch(`${TICKET_IMPORT_PATH}?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; code?: string; report?: Report });
    return { status: response.status, last: lines[lines.length - 1] };
  }

  async function importedTicket(code: string) {
    const [row] = await app.portal.database.db.select().from(tickets).where(eq(tickets.externalCode, code));
    if (!row) throw new Error(`no ticket ${code}`);
    return row;
  }

  /** A visitor's ledger row as the application module writes it (another engineer builds that hook). */
  async function visitorTicket(values: Partial<typeof tickets.$inferInsert> = {}) {
    const [row] = await app.portal.database.db
      .insert(tickets)
      .values({ kind: 'VISITOR', subjectId: crypto.randomUUID(), holderName: 'Visitor Wang', days: [DAYS[0] as string], holderApproved: true, ...values })
      .returning();
    if (!row) throw new Error('no ticket');
    return row;
  }

  async function errorCode(query: string, variables: Record<string, unknown>, client = office) {
    const { body } = await client.graphql(query, variables);
    return body.errors?.[0]?.extensions.code;
  }

  it('imports all or nothing with a report of every bad row, then the good rows only', async () => {
    await importFile('Li Lei,Acme,TAKEN-1,,\n', 'text/csv', 'batch=earlier');
    const csv = [
      '\uFEFFHolder,Organization,External code,Days,Batch',
      'Zhang San,Acme Motors,EXT-001,"2030-05-01,2030-05-02",',
      'Li Si,,EXT-002,,VIP',
      ',Acme Motors,EXT-003,,',
      'Wang Wu,Acme Motors,bad code!,,',
      'Zhao Liu,,EXT-004,2030-06-01,',
      'Qian Qi,,EXT-005,2030-5-1,',
      'Sun Ba,,EXT-001,,',
      'Zhou Jiu,,TAKEN-1,,',
    ].join('\r\n');
    const refused = await importFile(csv, 'text/csv', 'batch=Partner%20A');
    expect(refused.status).toBe(200);
    expect(refused.last?.report).toMatchObject({ rows: 8, good: 2, bad: 6, imported: 0 });
    expect(refused.last?.report?.issues).toEqual([
      { row: 4, column: 'A', value: '', problem: 'HOLDER_NAME' },
      { row: 5, column: 'C', value: 'bad code!', problem: 'EXTERNAL_CODE' },
      { row: 6, column: 'D', value: '2030-06-01', problem: 'NOT_SHOW_DAY' },
      { row: 7, column: 'D', value: '2030-5-1', problem: 'DAYS' },
      { row: 8, column: 'C', value: 'EXT-001', problem: 'DUPLICATE_IN_FILE' },
      { row: 9, column: 'C', value: 'TAKEN-1', problem: 'EXISTS' },
    ]);
    expect((await list({ keyword: 'EXT-00' })).total).toBe(0);

    const partial = await importFile(csv, 'text/csv', 'batch=Partner%20A&mode=GOOD_ROWS_ONLY');
    expect(partial.last?.report).toMatchObject({ rows: 8, good: 2, bad: 6, imported: 2 });
    const first = await importedTicket('EXT-001');
    expect(first).toMatchObject({ kind: 'IMPORTED', holderName: 'Zhang San', organization: 'Acme Motors', days: ['2030-05-01', '2030-05-02'], importBatch: 'Partner A', holderApproved: true, subjectId: first.id });
    expect(await importedTicket('EXT-002')).toMatchObject({ organization: null, days: [], importBatch: 'VIP' });
    const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.import')).orderBy(desc(auditLog.id)).limit(1);
    expect(audited?.detail).toMatchObject({ mode: 'GOOD_ROWS_ONLY', rows: 8, imported: 2, bad: 6 });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tickets');
    sheet.addRow(['Holder', 'Organization', 'External code', 'Days', 'Batch']);
    sheet.addRow(['Chen Shi', 'Speed Co', 'XL-1', '2030-05-03', '']);
    sheet.addRow(['Lin Yi', 'Speed Co', 'XL-2', '', '']);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect((await importFile(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'batch=Speed')).last?.report).toMatchObject({ rows: 2, bad: 0, imported: 2 });
    expect(await importedTicket('XL-1')).toMatchObject({ days: ['2030-05-03'], importBatch: 'Speed' });

    expect((await importFile('Holder,Organization,External code\n\n', 'text/csv', '')).last).toEqual({ type: 'error', code: 'TICKET_IMPORT_EMPTY' });
    expect((await importFile('PK\u0003\u0004garbage', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '')).last).toEqual({ type: 'error', code: 'TICKET_IMPORT_FILE_INVALID' });
  }, 60_000);

  it('filters by kind, status, day, admitted, face checked and keyword, with admissions counted per ticket', async () => {
    const admitted = await importedTicket('XL-2');
    const visitor = await visitorTicket({ holderName: 'Filter Visitor', days: ['2030-05-02'] });
    const inactive = await visitorTicket({ holderName: 'Filter Inactive', holderApproved: false });
    const db = app.portal.database.db;
    await db.insert(admissions).values([
      { ticketId: admitted.id, day: '2030-05-01', scanId: 's1', at: new Date('2030-05-01T09:00:00+08:00') },
      { ticketId: admitted.id, day: '2030-05-01', scanId: 's2', reEntry: true, sequence: 2, at: new Date('2030-05-01T11:00:00+08:00'), offline: true, conflict: 'DUPLICATE_ENTRY', gate: 'East 1' },
    ]);

    const all = await list();
    // The unfiltered total is the maintained count: it follows inserts and deletes, and a fold keeps it.
    expect(all.total).toBe(await db.$count(tickets));
    const counted = await visitorTicket({ holderName: 'Counted Visitor' });
    expect((await list()).total).toBe(all.total + 1);
    await db.delete(tickets).where(eq(tickets.id, counted.id));
    await compactTicketCountDeltas(db);
    expect(await db.$count(ticketCountDeltas)).toBe(1);
    expect((await list()).total).toBe(all.total);
    const row = all.nodes.find((node) => node.id === admitted.id);
    expect(row).toMatchObject({ kind: 'IMPORTED', status: 'VALID', admissionCount: 2, conflictCount: 1 });
    expect((await list({ kind: 'VISITOR' })).nodes.map((node) => node.id).sort()).toEqual([visitor.id, inactive.id].sort());
    expect((await list({ status: 'INACTIVE' })).nodes.map((node) => node.id)).toEqual([inactive.id]);
    const onSecondDay = (await list({ day: '2030-05-02' })).nodes.map((node) => node.holderName);
    expect(onSecondDay).toEqual(expect.arrayContaining(['Zhang San', 'Li Si', 'Lin Yi', 'Filter Visitor']));
    expect(onSecondDay).not.toContain('Chen Shi');
    expect((await list({ admitted: true })).nodes.map((node) => node.id)).toEqual([admitted.id]);
    expect((await list({ admitted: true, day: '2030-05-02' })).total).toBe(0);
    expect((await list({ admitted: false })).total).toBe(all.total - 1);
    expect((await list({ keyword: 'speed' })).nodes.map((node) => node.externalCode).sort()).toEqual(['XL-1', 'XL-2']);
    expect((await list({ keyword: '100%' })).total).toBe(0);
    // The keyword in each searched column, in any case, one character too (the index narrows, ILIKE decides).
    expect((await list({ keyword: 'CHEN s' })).nodes.map((node) => node.externalCode)).toEqual(['XL-1']);
    expect((await list({ keyword: 'xl-2' })).nodes.map((node) => node.externalCode)).toEqual(['XL-2']);
    expect((await list({ keyword: 'Z' })).nodes.map((node) => node.holderName)).toEqual(expect.arrayContaining(['Zhang San']));
    // With statistics (as after an import) too: the same tickets, in the same order, as ILIKE alone finds.
    await db.execute(sql`analyze tickets`);
    for (const keyword of ['speed', 'CHEN s', 'xl-2', 'Z', 'er v', 'filter visitor', 'an', '100%', 'zz']) {
      const pattern = likeContains(keyword);
      const expected = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(or(ilike(tickets.holderName, pattern), ilike(tickets.organization, pattern), ilike(tickets.externalCode, pattern)))
        .orderBy(desc(tickets.createdAt), desc(tickets.id));
      const found = await list({ keyword });
      expect({ keyword, total: found.total, ids: found.nodes.map((node) => node.id) }).toEqual({ keyword, total: expected.length, ids: expected.slice(0, 50).map((ticket) => ticket.id) });
    }
    // A filtered list's total is the matches' count on every page, and past the end too.
    const visitors = await list({ kind: 'VISITOR' });
    const secondPage = (await office.graphql<{ tickets: { total: number; nodes: OfficeTicket[] } }>(LIST, { filter: { kind: 'VISITOR' }, page: 2, pageSize: 1 })).body.data?.tickets;
    expect(secondPage).toMatchObject({ total: visitors.total, nodes: [{ id: visitors.nodes[1]?.id }] });
    expect(await list({ kind: 'VISITOR' }, office, 3)).toMatchObject({ total: visitors.total, nodes: [] });
    expect((await list({ faceChecked: true })).total).toBe(0);
    expect(await errorCode(LIST, { filter: { day: 'tomorrow' } })).toBe('VALIDATION_FAILED');

    const { body } = await office.graphql<{ ticketAdmissions: Array<{ gate: string | null; reEntry: boolean; offline: boolean; conflict: string | null }> }>(ADMISSIONS, { ticketId: admitted.id });
    expect(body.data?.ticketAdmissions).toEqual([
      expect.objectContaining({ gate: 'East 1', reEntry: true, offline: true, conflict: 'DUPLICATE_ENTRY' }),
      expect.objectContaining({ gate: null, reEntry: false, offline: false, conflict: null }),
    ]);
    const page2 = await office.graphql<{ tickets: { nodes: OfficeTicket[]; page: number } }>(LIST, { page: 2, pageSize: 2 });
    expect(page2.body.data?.tickets.page).toBe(2);
    expect(page2.body.data?.tickets.nodes.map((node) => node.id)).toEqual(all.nodes.slice(2, 4).map((node) => node.id));
  });

  it('revokes a valid ticket with a reason and reinstates it: row locked, state checked, feed version bumped, audited', async () => {
    const ticket = await importedTicket('EXT-001');
    expect(await errorCode(REVOKE, { ticketId: ticket.id, reason: '  ' })).toBe('TICKET_REASON_REQUIRED');
    expect(await errorCode(REINSTATE, { ticketId: ticket.id, reason: 'why' })).toBe('TICKET_NOT_REVOKED');
    expect(await errorCode(REVOKE, { ticketId: NOBODY, reason: 'lost' })).toBe('TICKET_NOT_FOUND');

    const { body } = await office.graphql<{ revokeTicket: OfficeTicket }>(REVOKE, { ticketId: ticket.id, reason: 'Reported lost' });
    expect(body.data?.revokeTicket).toMatchObject({ status: 'REVOKED', revokeReason: 'Reported lost', revokedBy: officeName });
    const revoked = await importedTicket('EXT-001');
    expect(revoked.version).toBeGreaterThan(ticket.version);
    expect(await errorCode(REVOKE, { ticketId: ticket.id, reason: 'again' })).toBe('TICKET_ALREADY_REVOKED');
    expect(await errorCode(QR, { ticketId: ticket.id })).toBe('TICKET_NOT_VALID');
    expect((await list({ status: 'REVOKED' })).nodes.map((node) => node.id)).toContain(ticket.id);

    const reinstated = await office.graphql<{ reinstateTicket: OfficeTicket }>(REINSTATE, { ticketId: ticket.id, reason: 'Found again' });
    expect(reinstated.body.data?.reinstateTicket).toMatchObject({ status: 'VALID', revokeReason: null });
    expect((await importedTicket('EXT-001')).version).toBeGreaterThan(revoked.version);
    const entries = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.subjectId, ticket.id)).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['ticket.revoke', { reason: 'Reported lost', before: 'VALID', after: 'REVOKED' }],
      ['ticket.reinstate', { reason: 'Found again', revokeReason: 'Reported lost', before: 'REVOKED', after: 'VALID' }],
    ]);

    const inactive = await visitorTicket({ holderName: 'Not approved', holderApproved: false });
    expect(await errorCode(REVOKE, { ticketId: inactive.id, reason: 'x' })).toBe('TICKET_NOT_REVOCABLE');
    const erased = await visitorTicket({ holderName: '', erasedAt: new Date() });
    expect(await errorCode(REVOKE, { ticketId: erased.id, reason: 'x' })).toBe('TICKET_NOT_REVOCABLE');
    expect(await errorCode(MARK, { ticketId: erased.id })).toBe('TICKET_ERASED');
  });

  // A real race on PostgreSQL (DATABASE_URL, as in .ci/run); on PGlite the requests queue one by one.
  it('revokes once when ten office workers revoke the same ticket at the same moment', async () => {
    const ticket = await visitorTicket({ holderName: 'Raced Visitor' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => office.graphql(REVOKE, { ticketId: ticket.id, reason: `race ${index}` })));
    const codes = answers.map(({ body }) => (body.errors ? body.errors[0]?.extensions.code : 'OK'));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code === 'TICKET_ALREADY_REVOKED')).toHaveLength(9);
    expect(await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, ticket.id), eq(auditLog.action, 'ticket.revoke')))).toHaveLength(1);
  });

  it('signs the QR of a valid ticket as the gates verify it (kind letter, subject id, days) and audits the view', async () => {
    const imported = await importedTicket('EXT-001');
    const visitor = await visitorTicket({ holderName: 'QR Visitor', days: ['2030-05-01', '2030-05-03'] });
    for (const [ticket, letter] of [
      [imported, 'C'],
      [visitor, 'A'],
    ] as const) {
      const { body } = await office.graphql<{ ticketQr: { ticketId: string; token: string; qr: QrCodeDrawing } }>(QR, { ticketId: ticket.id });
      expect(app.portal.app.services.tickets.verify(body.data?.ticketQr.token ?? '')).toMatchObject({ v: 1, k: letter, id: ticket.subjectId, d: ticket.days });
      // The dialog's drawing is the token's (lib/qr-code.test.ts reads a drawing back with a QR reader).
      expect(body.data?.ticketQr.qr).toEqual(qrCodeDrawingOf(body.data?.ticketQr.token ?? ''));
      const [audited] = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, ticket.id), eq(auditLog.action, 'ticket.qr_view')));
      expect(audited).toBeDefined();
    }
  });

  it('shows the entry photo beside the ID photo with their face match, audits every view, and records who checked', async () => {
    const sample = demoSample(3);
    const face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
    const holder = (await signedInClient(app, 'exhibitor')).client;
    const [entry, id] = [await uploadPicture(holder, 'BADGE', face), await uploadPicture(holder, 'BADGE_ID', face)];
    const ticket = await visitorTicket({ holderName: 'Face Visitor', entryPhotoId: entry.id, idPhotoId: id.id });

    const { body } = await office.graphql<{ ticketFaceCheck: { ticket: { id: string }; entryPhoto: { id: string; url: string }; idPhoto: { id: string }; faceMatchScore: number } }>(FACE_CHECK, { ticketId: ticket.id });
    expect(body.data?.ticketFaceCheck).toMatchObject({ ticket: { id: ticket.id }, entryPhoto: { id: entry.id }, idPhoto: { id: id.id } });
    expect(body.data?.ticketFaceCheck.faceMatchScore).toBeGreaterThan(0.9);
    const picture = await office.fetch(body.data?.ticketFaceCheck.entryPhoto.url ?? '');
    expect(picture.status).toBe(200);
    const db = app.portal.database.db;
    expect(await db.select().from(auditLog).where(and(eq(auditLog.subjectId, ticket.id), eq(auditLog.action, 'ticket.face_check_view')))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.subjectId, entry.id), eq(auditLog.action, 'photo.view')))).toHaveLength(1);
    // Without the role, the photo is not there at all.
    const outsider = (await signedInClient(app, 'organizer', ['ROLE_PROJECT'])).client;
    expect((await outsider.fetch(body.data?.ticketFaceCheck.entryPhoto.url ?? '')).status).toBe(404);

    const marked = await office.graphql<{ markTicketFaceChecked: OfficeTicket }>(MARK, { ticketId: ticket.id });
    expect(marked.body.data?.markTicketFaceChecked).toMatchObject({ faceCheckedBy: officeName, faceCheckedAt: expect.any(String) });
    expect((await list({ faceChecked: true })).nodes.map((node) => node.id)).toEqual([ticket.id]);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.subjectId, ticket.id), eq(auditLog.action, 'ticket.face_checked')))).toHaveLength(1);

    const imported = await importedTicket('EXT-002');
    const noPhotos = await office.graphql<{ ticketFaceCheck: { entryPhoto: null; faceMatchScore: null } }>(FACE_CHECK, { ticketId: imported.id });
    expect(noPhotos.body.data?.ticketFaceCheck).toMatchObject({ entryPhoto: null, idPhoto: null, faceMatchScore: null });
  }, 60_000);

  it('exports the filtered list as a streamed workbook with its row count, audited', async () => {
    const response = await office.fetch(`${TICKET_EXPORT_PATH}?kind=IMPORTED&keyword=speed`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('2');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const values = (index: number) => ((sheet?.getRow(index).values as unknown[]) ?? []).slice(1);
    expect(values(1)).toEqual(expect.arrayContaining(['Kind', 'Status', 'Holder', 'External code', 'Admissions', 'Conflicts']));
    expect(sheet?.rowCount).toBe(3);
    const rows = [values(2), values(3)];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.arrayContaining(['Imported', 'Valid', 'Lin Yi', 'Speed Co', 'Every show day', 'XL-2', 'Speed', '2', '1']),
        expect.arrayContaining(['Imported', 'Valid', 'Chen Shi', 'Speed Co', '2030-05-03', 'XL-1', '0']),
      ]),
    );
    const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.export'));
    expect(audited?.detail).toMatchObject({ rows: 2, filter: { kind: 'IMPORTED', keyword: 'speed' } });
  });

  it('neutralises holder names that a spreadsheet would run as formulas', async () => {
    for (const holderName of FORMULA_TEXTS) await visitorTicket({ holderName });
    const response = await office.fetch(`${TICKET_EXPORT_PATH}?kind=VISITOR`);
    const cells = (await sheetTexts(await response.arrayBuffer())).flat();
    expect(cells).toEqual(expect.arrayContaining(NEUTRALISED_TEXTS));
    expect(cells.filter((cell) => (FORMULA_TEXTS as readonly string[]).includes(cell))).toEqual([]);
  });

  it('refuses visitors, exhibitors, organizers without the role and strangers on every operation; the super admin may', async () => {
    const ticket = await importedTicket('EXT-002');
    const outsiders = [
      (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE', 'ROLE_EXHIBITOR', 'ROLE_PROJECT', 'ROLE_HARDWARE'])).client,
      (await signedInClient(app, 'exhibitor')).client,
      (await signedInClient(app, 'audience')).client,
      app.client(),
    ];
    const operations: Array<[string, Record<string, unknown>]> = [
      [LIST, {}],
      [ADMISSIONS, { ticketId: ticket.id }],
      [HISTORY, { ticketId: ticket.id }],
      [FACE_CHECK, { ticketId: ticket.id }],
      [QR, { ticketId: ticket.id }],
      [MARK, { ticketId: ticket.id }],
      [REVOKE, { ticketId: ticket.id, reason: 'x' }],
      [REINSTATE, { ticketId: ticket.id, reason: 'x' }],
    ];
    for (const client of outsiders) {
      for (const [query, variables] of operations) {
        const { body } = await client.graphql(query, variables);
        expect(body.errors?.[0]?.extensions.classification, query).toMatch(/^(FORBIDDEN|UNAUTHORIZED)$/);
      }
      expect((await client.fetch(TICKET_EXPORT_PATH)).status).toBeGreaterThanOrEqual(401);
      expect((await client.fetch(`${TICKET_IMPORT_PATH}?batch=x`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'Intruder,,INTRUDER-1,,\n' })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await app.portal.database.db.select().from(tickets).where(eq(tickets.externalCode, 'INTRUDER-1'))).length).toBe(0);
    expect(await importedTicket('EXT-002')).toMatchObject({ revokedAt: null, faceCheckedAt: null });

    const superAdmin = (await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN'])).client;
    expect((await list({}, superAdmin)).total).toBeGreaterThan(0);
    const exported = await superAdmin.fetch(TICKET_EXPORT_PATH);
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
  });

  it('looks a keyword up by its rarest grams from the statistics, finding what ILIKE finds with every filter, on every page', async () => {
    const db = app.portal.database.db;
    // 120 tickets where "grams", "company" and "gr-0" are in every row and the numbers are rare; one holder with capitals
    // beyond ASCII. The import refreshes the statistics, so the list that follows chooses by them.
    const rows = Array.from({ length: 120 }, (_, index) => `${index === 0 ? 'ÉMILE Grams' : `Grams Holder ${index}`},Grams Company ${index % 12},GR-${String(index).padStart(5, '0')},,`);
    expect((await importFile(['Holder,Organization,External code,Days,Batch', ...rows].join('\n'), 'text/csv', 'batch=grams')).last?.report).toMatchObject({ imported: 120 });
    const admitted = await importedTicket('GR-00011');
    await db.insert(admissions).values({ ticketId: admitted.id, day: '2030-05-01', scanId: 'grams-1' });
    await db.update(tickets).set({ revokedAt: new Date() }).where(eq(tickets.externalCode, 'GR-00023'));

    const frequencies = await gramFrequencies(db);
    expect(frequencies.get('gr')).toBeGreaterThan(0.5);
    const chosen = rarestGrams(await keywordGrams(db, 'Company 11'), frequencies);
    expect(chosen).toHaveLength(2);
    expect(chosen).not.toEqual(expect.arrayContaining(['co']));
    expect(rarestGrams(await keywordGrams(db, 'G'), frequencies)).toEqual(['g']);

    const statusValid = and(isNull(tickets.erasedAt), isNull(tickets.revokedAt), eq(tickets.holderApproved, true));
    const notAdmitted = sql`not exists (select 1 from ticket_admission_facts f where f.ticket_id = ${tickets.id})`;
    const filters = [
      { filter: {}, where: undefined },
      { filter: { kind: 'IMPORTED', status: 'VALID', admitted: false }, where: and(eq(tickets.kind, 'IMPORTED'), statusValid, notAdmitted) },
    ];
    for (const keyword of ['Company 11', 'company 1', 'GRAMS', 'émile', 'ÉMILE', 'gr-0001', 'y 1', '1', 'zz', '%', 'e_1']) {
      const pattern = likeContains(keyword);
      for (const { filter, where } of filters) {
        const expected = await db
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(where, or(ilike(tickets.holderName, pattern), ilike(tickets.organization, pattern), ilike(tickets.externalCode, pattern))))
          .orderBy(desc(tickets.createdAt), desc(tickets.id));
        for (const page of [1, 2, 4]) {
          const { body } = await office.graphql<{ tickets: { total: number; nodes: OfficeTicket[] } }>(LIST, { filter: { ...filter, keyword }, page, pageSize: 7 });
          const found = body.data?.tickets;
          expect({ keyword, filter, page, total: found?.total, ids: found?.nodes.map((node) => node.id) }).toEqual({
            keyword,
            filter,
            page,
            total: expected.length,
            ids: expected.slice((page - 1) * 7, page * 7).map((ticket) => ticket.id),
          });
        }
      }
    }
    // Past the end the total is still the matches' count.
    expect((await office.graphql<{ tickets: { total: number; nodes: OfficeTicket[] } }>(LIST, { filter: { keyword: 'Company 11' }, page: 99, pageSize: 7 })).body.data?.tickets).toMatchObject({
      total: 10,
      nodes: [],
    });
  }, 60_000);

  it('shows a ticket\'s whole history: issued, every revocation with its reason, reinstated, face-checked, admitted', async () => {
    const held = await visitorTicket({ holderName: 'History Holder' });
    await office.graphql(REVOKE, { ticketId: held.id, reason: 'Reported lost' });
    await office.graphql(REINSTATE, { ticketId: held.id, reason: 'Found again' });
    // Every step, each revocation with its reason, not only the last one.
    await office.graphql(MARK, { ticketId: held.id });
    await office.graphql(REVOKE, { ticketId: held.id, reason: 'Lost a second time' });
    await app.portal.database.db.insert(admissions).values({ ticketId: held.id, day: '2030-05-01', scanId: 'history-1', gate: 'East 1', at: new Date(Date.now() + 60_000) });
    const history = (await office.graphql<{ ticketHistory: Array<{ kind: string; actorName: string | null; reason: string | null; gate: string | null; reEntry: boolean | null }> }>(HISTORY, { ticketId: held.id })).body.data?.ticketHistory;
    expect(history?.map(({ kind, actorName, reason, gate }) => [kind, actorName, reason, gate])).toEqual([
      ['ISSUED', null, null, null],
      ['REVOKED', officeName, 'Reported lost', null],
      ['REINSTATED', officeName, 'Found again', null],
      ['FACE_CHECKED', officeName, null, null],
      ['REVOKED', officeName, 'Lost a second time', null],
      ['ADMITTED', null, null, 'East 1'],
    ]);

  });

  // Last: its 2,400 imported rows would change the share of every keyword gram the statistics test counts on.
  it('stores a large import in short chunks, and withdraws the stored chunks when a later one fails (all or nothing)', async () => {
    const db = app.portal.database.db;
    const csv = (prefix: string) => Array.from({ length: 1_200 }, (_, index) => `Holder ${index},,${prefix}-${String(index).padStart(4, '0')},,`).join('\n');
    // A later chunk fails in the database (here a trigger refuses its 1,100th row; in life a lost connection).
    await db.execute(sql`create function refuse_chunk() returns trigger language plpgsql as $$ begin if new.external_code = 'CHUNK-1100' then raise exception 'refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_chunk before insert on tickets for each row execute function refuse_chunk()`);
    try {
      const failed = await importFile(csv('CHUNK'), 'text/csv', 'batch=Chunks');
      expect(failed.last?.type).toBe('error');
    } finally {
      await db.execute(sql`drop trigger refuse_chunk on tickets`);
      await db.execute(sql`drop function refuse_chunk()`);
    }
    // The first two chunks (1,000 rows) had been stored: now revoked, their codes given back, one audit row.
    const withdrawn = await db.select().from(tickets).where(eq(tickets.importBatch, 'Chunks'));
    expect(withdrawn).toHaveLength(1_000);
    expect(withdrawn.every((row) => row.revokedAt !== null && row.externalCode === null)).toBe(true);
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, 'ticket.import')).orderBy(desc(auditLog.id)).limit(1);
    expect(audited?.detail).toMatchObject({ mode: 'ALL_OR_NOTHING', withdrawn: 1_000 });
    // The same file imports once the failure is gone: every code is free again.
    expect((await importFile(csv('CHUNK'), 'text/csv', 'batch=Chunks%20again')).last?.report).toMatchObject({ rows: 1_200, bad: 0, imported: 1_200 });
    expect((await list({ keyword: 'CHUNK-1199' })).total).toBe(1);
  }, 120_000);
});
