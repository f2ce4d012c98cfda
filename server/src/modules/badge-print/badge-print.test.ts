import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BADGE_PRINT_PATHS, badgePagePoints } from '@portal/shared/badge-print/badge-print.schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { readPrintedPdf } from '../../test/printed-pdf';
import { auditLog, badgePrints, showDays, tickets } from '../../db/schema/index';

// Badges printed at the counter over real HTTP: templates (validation, roles, audit), one badge and a
// batch as PDFs read back with poppler (page size, Chinese text, subset fonts, the QR decoded by the
// reference gate client and verified as the gates do), the print records and audit, the kiosk's look-up.

const TEMPLATES = `{ badgeTemplates { kind size orientation backgroundColor textColor fields label logo { id url } background { id } updatedAt } }`;
const SAVE = `mutation ($input: BadgeTemplateInput!) { saveBadgeTemplate(input: $input) { kind size orientation backgroundColor fields label logo { id url } updatedAt } }`;
const PRINTS = `query ($ticketId: ID!) { badgePrints(ticketId: $ticketId) { at printedBy batch } }`;
const HISTORY = `query ($ticketId: ID!) { ticketHistory(ticketId: $ticketId) { kind actorName } }`;
const LOOKUP = `query ($query: String!) { kioskLookup(query: $query) { id holderName status } }`;

const DAY = '2030-05-01';
const CR80_PORTRAIT = badgePagePoints({ size: 'CR80', orientation: 'PORTRAIT' });
const A4 = { width: 595.28, height: 841.89 };

interface Template {
  kind: string;
  size: string;
  orientation: string;
  backgroundColor: string;
  fields: string[];
  label: string | null;
  logo: { id: string; url: string } | null;
  updatedAt: string | null;
}

describe('badge printing (ROLE_SUPER_ADMIN or ROLE_TICKET)', () => {
  let app: TestApp;
  let office: TestClient;
  let officeName: string;
  let outsider: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.database.db.insert(showDays).values({ day: DAY, capacity: 10, deadline: new Date(`${DAY}T09:00:00+08:00`) });
    const signedIn = await signedInClient(app, 'organizer', ['ROLE_TICKET']);
    office = signedIn.client;
    officeName = signedIn.account.name;
    outsider = (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client;
  }, 60_000);
  afterAll(() => app.close());

  async function ticket(values: Partial<typeof tickets.$inferInsert> = {}) {
    const [row] = await app.portal.database.db
      .insert(tickets)
      .values({ kind: 'VISITOR', subjectId: crypto.randomUUID(), holderName: '张三丰', days: [DAY], holderApproved: true, ...values })
      .returning();
    if (!row) throw new Error('no ticket');
    return row;
  }

  async function errorCode(client: TestClient, query: string, variables: Record<string, unknown> = {}) {
    const { body } = await client.graphql(query, variables);
    return body.errors?.[0]?.extensions.code;
  }

  async function pdf(client: TestClient, path: string, init?: RequestInit) {
    const response = await client.fetch(path, init);
    expect(response.status, await response.clone().text().catch(() => '')).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return { response, printed: await readPrintedPdf(new Uint8Array(await response.arrayBuffer())) };
  }

  const template = (values: Record<string, unknown> = {}) => ({ kind: 'IMPORTED', size: 'CR80', orientation: 'LANDSCAPE', backgroundColor: '#FFF8E6', textColor: '#202020', fields: ['NAME', 'PINYIN', 'ORGANIZATION', 'KIND_LABEL', 'QR'], label: '贵宾', ...values });

  it('lists every kind with its default until saved, refuses bad templates and other roles, audits a save', async () => {
    const { body } = await office.graphql<{ badgeTemplates: Template[] }>(TEMPLATES);
    expect(body.data?.badgeTemplates.map((each) => [each.kind, each.size, each.updatedAt])).toEqual([
      ['VISITOR', 'CR80', null],
      ['BADGE', 'CR80', null],
      ['IMPORTED', 'CR80', null],
    ]);
    expect(await errorCode(outsider, TEMPLATES)).toBe('FORBIDDEN');
    expect(await errorCode(outsider, SAVE, { input: template() })).toBe('FORBIDDEN');
    expect(await errorCode(office, SAVE, { input: template({ backgroundColor: 'red' }) })).toBe('BADGE_TEMPLATE_COLOUR_INVALID');
    expect(await errorCode(office, SAVE, { input: template({ fields: ['PHOTO'] }) })).toBe('BADGE_TEMPLATE_EMPTY');
    expect(await errorCode(office, SAVE, { input: template({ label: 'x'.repeat(25) }) })).toBe('BADGE_TEMPLATE_LABEL_INVALID');
    // Another organizer's picture, or one uploaded for another purpose, is refused.
    const otherOffice = (await signedInClient(app, 'organizer', ['ROLE_TICKET'])).client;
    const foreign = await uploadPicture(otherOffice, 'BADGE_TEMPLATE');
    expect(await errorCode(office, SAVE, { input: template({ logoId: foreign.id }) })).toBe('BADGE_TEMPLATE_PICTURE_INVALID');
    await expect(uploadPicture(outsider, 'BADGE_TEMPLATE')).rejects.toThrow(/FORBIDDEN/);

    const logo = await uploadPicture(office, 'BADGE_TEMPLATE');
    const saved = await office.graphql<{ saveBadgeTemplate: Template }>(SAVE, { input: template({ logoId: logo.id, fields: ['QR', 'NAME', 'QR', 'PINYIN', 'ORGANIZATION', 'KIND_LABEL'] }) });
    expect(saved.body.data?.saveBadgeTemplate).toMatchObject({ kind: 'IMPORTED', orientation: 'LANDSCAPE', backgroundColor: '#fff8e6', fields: ['NAME', 'PINYIN', 'ORGANIZATION', 'KIND_LABEL', 'QR'], label: '贵宾', logo: { id: logo.id } });
    expect((await office.fetch(saved.body.data?.saveBadgeTemplate.logo?.url ?? '')).status).toBe(200);
    const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'badge_template.save'));
    expect(audited).toMatchObject({ subjectType: 'badge_template', subjectId: 'IMPORTED', detail: { before: null, after: { size: 'CR80', logoPhotoId: logo.id } } });

    // Replacing the logo deletes the old picture.
    const second = await uploadPicture(office, 'BADGE_TEMPLATE');
    await office.graphql(SAVE, { input: template({ logoId: second.id }) });
    expect((await office.fetch(`/apis/files/photos/${logo.id}`)).status).toBe(404);
  });

  it('prints one badge as a card-sized PDF: Chinese text and pinyin, subset fonts, a QR the gates accept; recorded and audited', async () => {
    // Any stored picture stands for the holder's entry photo here (the upload's face check is the media module's).
    const visitor = await ticket({ entryPhotoId: (await uploadPicture(office, 'BADGE_TEMPLATE')).id });
    expect((await outsider.fetch(`${BADGE_PRINT_PATHS.one}?ticketId=${visitor.id}`)).status).toBe(403);
    const { printed } = await pdf(office, `${BADGE_PRINT_PATHS.one}?ticketId=${visitor.id}&lang=zh-CN`);
    try {
      expect(printed.pages).toBe(1);
      expect(printed.pageSize.width).toBeCloseTo(CR80_PORTRAIT.width, 1);
      expect(printed.pageSize.height).toBeCloseTo(CR80_PORTRAIT.height, 1);
      expect(printed.text).toContain('张三丰');
      expect(printed.text).toContain('Zhang Sanfeng');
      expect(printed.text).toContain('VIP 观众');
      expect(printed.fontsSubset).toBe(true);
      const qr = await printed.qrOfPage(1);
      expect(app.portal.app.services.tickets.verify(qr ?? '')).toMatchObject({ k: 'A', id: visitor.subjectId, d: [DAY] });
    } finally {
      await printed.close();
    }

    // A reprint: two rows, the audit's copy numbers, the ticket's history.
    await (await office.fetch(`${BADGE_PRINT_PATHS.one}?ticketId=${visitor.id}&layout=A4_SHEET`)).arrayBuffer();
    const { body } = await office.graphql<{ badgePrints: Array<{ printedBy: string; batch: boolean }> }>(PRINTS, { ticketId: visitor.id });
    expect(body.data?.badgePrints).toEqual([
      { at: expect.any(String), printedBy: officeName, batch: false },
      { at: expect.any(String), printedBy: officeName, batch: false },
    ]);
    const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'ticket.badge_print'), eq(auditLog.subjectId, visitor.id)));
    expect(audits.map((entry) => (entry.detail as { copy: number }).copy).sort()).toEqual([1, 2]);
    const history = await office.graphql<{ ticketHistory: Array<{ kind: string; actorName: string | null }> }>(HISTORY, { ticketId: visitor.id });
    expect(history.body.data?.ticketHistory.filter((event) => event.kind === 'PRINTED')).toEqual([
      { kind: 'PRINTED', actorName: officeName },
      { kind: 'PRINTED', actorName: officeName },
    ]);
    expect(await errorCode(outsider, PRINTS, { ticketId: visitor.id })).toBe('FORBIDDEN');

    // Only a valid ticket prints.
    const revoked = await ticket({ revokedAt: new Date() });
    const refused = await office.fetch(`${BADGE_PRINT_PATHS.one}?ticketId=${revoked.id}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('TICKET_NOT_VALID');
  });

  it("prints the list's filter as one PDF, one badge a page or as an A4 sheet, the valid tickets only", async () => {
    const names = ['李四', '王五', '赵六'];
    const imported = [];
    for (const [index, name] of names.entries()) imported.push(await ticket({ kind: 'IMPORTED', holderName: name, organization: '速度摩托', externalCode: `PRINT-${index}` }));
    await ticket({ kind: 'IMPORTED', holderName: '钱七', externalCode: 'PRINT-REVOKED', revokedAt: new Date() });
    expect((await outsider.fetch(`${BADGE_PRINT_PATHS.batch}?kind=IMPORTED`)).status).toBe(403);

    const single = await pdf(office, `${BADGE_PRINT_PATHS.batch}?kind=IMPORTED&keyword=PRINT-`);
    try {
      expect(single.response.headers.get('x-total-count')).toBe('3');
      expect(single.printed.pages).toBe(3);
      // The IMPORTED template saved above is a landscape card.
      expect(single.printed.pageSize.width).toBeCloseTo(CR80_PORTRAIT.height, 1);
      expect(single.printed.pageSize.height).toBeCloseTo(CR80_PORTRAIT.width, 1);
      for (const name of names) expect(single.printed.text).toContain(name);
      expect(single.printed.text).not.toContain('钱七');
      expect(single.printed.text).toContain('贵宾');
      expect(single.printed.text).toContain('速度摩托');
      const first = app.portal.app.services.tickets.verify((await single.printed.qrOfPage(1)) ?? '');
      expect(first?.k).toBe('C');
      expect(imported.map((row) => row.subjectId)).toContain(first?.id);
    } finally {
      await single.printed.close();
    }

    const sheet = await pdf(office, `${BADGE_PRINT_PATHS.batch}?kind=IMPORTED&keyword=PRINT-&layout=A4_SHEET`);
    try {
      expect(sheet.printed.pages).toBe(1);
      expect(sheet.printed.pageSize.width).toBeCloseTo(A4.width, 0);
      expect(sheet.printed.pageSize.height).toBeCloseTo(A4.height, 0);
      // The sheet's first badge, top left.
      expect(app.portal.app.services.tickets.verify((await sheet.printed.qrOfPage(1, { width: 0.5, height: 1 / 3 })) ?? '')?.k).toBe('C');
    } finally {
      await sheet.printed.close();
    }

    const batchRows = await app.portal.database.db.select().from(badgePrints).where(eq(badgePrints.ticketId, imported[0]?.id ?? ''));
    expect(batchRows).toHaveLength(2);
    expect(batchRows.every((row) => row.batchId !== null)).toBe(true);
    const [batchAudit] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.badge_print_batch'));
    expect(batchAudit?.detail).toMatchObject({ total: 3, filter: { kind: 'IMPORTED', keyword: 'PRINT-' }, layout: 'SINGLE' });

    const nothing = await office.fetch(`${BADGE_PRINT_PATHS.batch}?keyword=nobody-at-all`);
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { code: string }).code).toBe('BADGE_PRINT_NOTHING');
  });

  it('previews a draft template with sample data, at its size', async () => {
    const draft = template({ kind: 'BADGE', size: 'A6', orientation: 'PORTRAIT', label: null });
    const init = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await outsider.fetch(BADGE_PRINT_PATHS.preview, init({ template: draft }))).status).toBe(403);
    expect((await office.fetch(BADGE_PRINT_PATHS.preview, init({ template: { ...draft, fields: [] } }))).status).toBe(400);
    const { printed } = await pdf(office, BADGE_PRINT_PATHS.preview, init({ template: draft }));
    try {
      const a6 = badgePagePoints({ size: 'A6', orientation: 'PORTRAIT' });
      expect(printed.pageSize.width).toBeCloseTo(a6.width, 1);
      expect(printed.pageSize.height).toBeCloseTo(a6.height, 1);
      expect(printed.text).toContain('张伟');
      expect(printed.text).toContain('Zhang Wei');
      expect(printed.text).toContain('Exhibitor');
    } finally {
      await printed.close();
    }
  });

  it("finds a ticket for the kiosk by its QR's text, its number or the holder's name", async () => {
    const holder = await ticket({ kind: 'IMPORTED', holderName: '孙悟空', externalCode: 'KIOSK-1' });
    const token = await app.portal.app.services.tickets.printedToken(holder.id);
    for (const query of [token, 'KIOSK-1', '悟空']) {
      const { body } = await office.graphql<{ kioskLookup: Array<{ id: string; status: string }> }>(LOOKUP, { query });
      expect(body.data?.kioskLookup).toEqual([{ id: holder.id, holderName: '孙悟空', status: 'VALID' }]);
    }
    expect(await errorCode(office, LOOKUP, { query: ' ' })).toBe('KIOSK_QUERY_INVALID');
    expect(await errorCode(outsider, LOOKUP, { query: 'KIOSK-1' })).toBe('FORBIDDEN');
  });
});
