import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { Locale } from '@portal/shared/i18n/locales';
import { MAX_BADGES_PER_PRINT, badgePagePoints, defaultBadgeTemplate, type TBadgePreviewInput, type TBadgeTemplateInput, type TPrintBadgeBatchQuery, type TPrintOneBadgeQuery } from '@portal/shared/badge-print/badge-print.schema';
import { TICKET_KINDS, type TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { HeavyWorkPool } from '../../lib/heavy-work-pool';
import { translate } from '../../lib/i18n';
import { pinyinOfName } from '../../lib/pinyin-name';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import type { Viewer } from '../../lib/viewer';
import { formatShanghaiTime } from '../../lib/xlsx-stream';
import type { RequestOrigin } from '../audit/audit.models';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { PhotoService } from '../media/photo.service';
import type { TicketOfficeService } from '../ticket/ticket-office.service';
import { requireTicketOffice, isTicketOffice } from '../ticket/ticket-office.policy';
import type { TicketService } from '../ticket/ticket.service';
import { writeBadgePdf, type BadgeDocument, type BadgeFace } from './badge-pdf';
import type { BadgeTemplateModel, PrintableTicket } from './badge-print.models';
import * as repository from './badge-print.repository';

/** Tickets a batch print reads, signs and sends to the worker at once. */
const PRINT_BATCH = 100;

/** What a preview's QR holds: no ticket, but as long as a printed token, so that its QR is as dense. */
const SAMPLE_QR_TEXT = 'SAMPLE BADGE - NOT A TICKET '.repeat(6);

type Template = Omit<TBadgeTemplateInput, 'backgroundId' | 'logoId'> & { backgroundPhotoId: string | null; logoPhotoId: string | null };

/**
 * Badges printed at the counter (SECTION_RULES.ticket, as the ticket office): one template per ticket
 * kind, one badge or the ticket list's filter as one PDF drawn on the heavy-work pool and streamed, and
 * the kiosk's look-up. The QR is the ticket's static printed token (`TicketService.printedToken`). Every
 * print is a row of badge_prints and an audit row, written before the PDF's bytes leave.
 */
export class BadgePrintService {
  constructor(
    private readonly db: Database,
    private readonly tickets: TicketService,
    private readonly ticketOffice: TicketOfficeService,
    private readonly accounts: AccountService,
    private readonly photos: PhotoService,
    private readonly audit: AuditService,
    private readonly pool: HeavyWorkPool,
    private readonly fonts: { regular: string; bold: string },
    private readonly clock: Clock,
  ) {}

  /** Every kind's template: the saved one, else the default it prints with. */
  async templates(viewer: Viewer | undefined): Promise<BadgeTemplateModel[]> {
    requireTicketOffice(viewer);
    const saved = new Map((await repository.listTemplates(this.db)).map((row) => [row.kind, row]));
    const pictureIds = [...saved.values()].flatMap((row) => [row.backgroundPhotoId, row.logoPhotoId]).filter((id): id is string => id !== null);
    const pictures = new Map((pictureIds.length > 0 ? await this.photos.findByIds(pictureIds) : []).map((photo) => [photo.id, photo]));
    return TICKET_KINDS.map((kind) => {
      const row = saved.get(kind);
      if (!row) return { ...this.templateOf(kind, undefined), background: null, logo: null, updatedAt: null };
      return {
        ...this.templateOf(kind, row),
        background: row.backgroundPhotoId ? (pictures.get(row.backgroundPhotoId) ?? null) : null,
        logo: row.logoPhotoId ? (pictures.get(row.logoPhotoId) ?? null) : null,
        updatedAt: row.updatedAt,
      };
    });
  }

  /**
   * Saves a kind's template under its row lock; a new picture must be a BADGE_TEMPLATE upload of the
   * acting organizer. A replaced picture's row goes in the transaction, its file after it. Audited before/after.
   */
  async saveTemplate(viewer: Viewer | undefined, input: TBadgeTemplateInput, origin: RequestOrigin): Promise<BadgeTemplateModel> {
    const actor = requireTicketOffice(viewer);
    const replacedFiles: string[] = [];
    await this.db.transaction(async (tx) => {
      const before = await repository.lockTemplate(tx, input.kind);
      const backgroundPhotoId = input.backgroundId ?? null;
      const logoPhotoId = input.logoId ?? null;
      const pictures = [
        { path: 'backgroundId', next: backgroundPhotoId, current: before?.backgroundPhotoId },
        { path: 'logoId', next: logoPhotoId, current: before?.logoPhotoId },
      ];
      await this.photos.requireOwnPictures(tx, actor.id, 'BADGE_TEMPLATE', 'BADGE_TEMPLATE_PICTURE_INVALID', pictures);
      const after = await repository.saveTemplate(tx, {
        kind: input.kind,
        size: input.size,
        orientation: input.orientation,
        backgroundColor: input.backgroundColor,
        textColor: input.textColor,
        backgroundPhotoId,
        logoPhotoId,
        fields: input.fields,
        label: input.label || null,
        updatedAt: new Date(this.clock.now()),
        updatedById: actor.id,
      });
      replacedFiles.push(...(await this.photos.deleteReplacedPictures(tx, pictures)));
      const { updatedAt: _beforeAt, updatedById: _beforeBy, ...beforeDetail } = before ?? {};
      const { updatedAt: _afterAt, updatedById: _afterBy, ...afterDetail } = after;
      await this.audit.record(origin, { actorId: actor.id, action: 'badge_template.save', subjectType: 'badge_template', subjectId: input.kind, detail: { before: before ? beforeDetail : null, after: afterDetail } }, tx);
    });
    await this.photos.deleteFiles(replacedFiles);
    const templates = await this.templates(viewer);
    return templates.find((template) => template.kind === input.kind) as BadgeTemplateModel;
  }

  /** Photo access rule: a template's pictures open for the ticket office (they hold no personal data). */
  async pictureAccess(viewer: Viewer, photoId: string): Promise<{ audited: boolean } | null> {
    return isTicketOffice(viewer) && (await repository.templateUsingPhoto(this.db, photoId)) ? { audited: false } : null;
  }

  /** A ticket's prints, newest first, with who printed (the ticket drawer, the kiosk's reprint warning). */
  async printsOf(viewer: Viewer | undefined, ticketId: string) {
    requireTicketOffice(viewer);
    const prints = await repository.printsOf(this.db, ticketId);
    const actorIds = [...new Set(prints.map((print) => print.printedById).filter((id): id is string => id !== null))];
    const nameOf = new Map((actorIds.length > 0 ? await this.accounts.findByIds(actorIds) : []).map((account) => [account.id, account.name]));
    return prints.map(({ printedById, ...print }) => ({ ...print, printedBy: printedById ? (nameOf.get(printedById) ?? null) : null }));
  }

  /** The kiosk's look-up: a scanned QR, a ticket number or a name (the ticket office's rule). */
  lookup(viewer: Viewer | undefined, query: string) {
    return this.ticketOffice.lookup(viewer, query);
  }

  /** Authorises one badge's print and finds its ticket (a valid one) before any byte is sent. */
  async startOne(viewer: Viewer | undefined, query: TPrintOneBadgeQuery) {
    const actor = requireTicketOffice(viewer);
    const ticket = await this.ticketOffice.printable(query.ticketId);
    return { actorId: actor.id, ticket, layout: query.layout };
  }

  /** Authorises a batch and counts its valid tickets (`X-Total-Count`); nothing or too many is refused before the PDF starts. */
  async startBatch(viewer: Viewer | undefined, query: TPrintBadgeBatchQuery) {
    const actor = requireTicketOffice(viewer);
    const total = await this.ticketOffice.countPrintable(query.filter);
    if (total === 0) throw new AppError('BADGE_PRINT_NOTHING');
    if (total > MAX_BADGES_PER_PRINT) throw new AppError('BADGE_PRINT_TOO_MANY');
    return { actorId: actor.id, filter: query.filter, layout: query.layout, total };
  }

  /** Authorises a draft template's preview. */
  startPreview(viewer: Viewer | undefined, input: TBadgePreviewInput) {
    const actor = requireTicketOffice(viewer);
    return { actorId: actor.id, input };
  }

  /** One badge as a PDF; its print is recorded and audited (with its copy number) before the bytes leave. */
  async writeOne(output: Writable, print: Awaited<ReturnType<BadgePrintService['startOne']>>, locale: Locale, origin: RequestOrigin) {
    const template = await this.templateFor(print.ticket.kind);
    await this.recordPrints([print.ticket.id], print.actorId, null, origin);
    const faces = await this.facesOf([print.ticket], locale, template, new Map([[template.kind, template.label ?? null]]));
    return this.write(output, template, print.layout, locale, (async function* () {
      yield faces;
    })());
  }

  /**
   * The filter's valid tickets as one PDF, in batches: each batch's prints are recorded in a
   * transaction of their own before the batch is drawn; the first holds the batch's audit row.
   */
  async writeBatch(output: Writable, print: Awaited<ReturnType<BadgePrintService['startBatch']>>, locale: Locale, origin: RequestOrigin) {
    const templates = new Map<TicketKind, Template>();
    for (const kind of TICKET_KINDS) templates.set(kind, await this.templateFor(kind));
    // One PDF has one page size: a batch prints with the template of its filter's kind, else the visitors'.
    const template = templates.get(print.filter.kind ?? 'VISITOR') as Template;
    const labels = new Map([...templates].map(([kind, each]) => [kind, each.label ?? null]));
    return this.write(output, template, print.layout, locale, this.batchFaces(print, template, labels, locale, origin));
  }

  private async *batchFaces(print: Awaited<ReturnType<BadgePrintService['startBatch']>>, template: Template, labels: ReadonlyMap<TicketKind, string | null>, locale: Locale, origin: RequestOrigin) {
    const batchId = randomUUID();
    let printed = 0;
    for await (const rows of this.ticketOffice.printableBatches(print.filter, PRINT_BATCH)) {
      const part = rows.slice(0, MAX_BADGES_PER_PRINT - printed);
      if (part.length === 0) return;
      await this.recordPrints(
        part.map((row) => row.id),
        print.actorId,
        { batchId, first: printed === 0, filter: print.filter, total: print.total, layout: print.layout },
        origin,
      );
      printed += part.length;
      yield await this.facesOf(part, locale, template, labels);
    }
  }

  /** A draft template with sample data: the PDF is what a print will be. */
  async writePreview(output: Writable, { input }: ReturnType<BadgePrintService['startPreview']>, locale: Locale) {
    const template: Template = { ...input.template, backgroundPhotoId: input.template.backgroundId ?? null, logoPhotoId: input.template.logoId ?? null };
    const t = (key: string) => translate(locale, key, {}, 'exports');
    const name = t('badgeSampleName');
    const face: BadgeFace = {
      name,
      pinyin: pinyinOfName(name),
      organization: t('badgeSampleOrganization'),
      kindLabel: template.label || t(`badgeLabel_${template.kind}`),
      photo: null,
      qr: qrCodeDrawingOf(SAMPLE_QR_TEXT),
    };
    return this.write(output, template, input.layout, locale, (async function* () {
      yield [face];
    })(), t('badgePreviewTitle'));
  }

  fileName(locale: Locale, ticket?: PrintableTicket) {
    const stamp = formatShanghaiTime(new Date(this.clock.now())).slice(0, 10);
    const stem = translate(locale, 'badgeDocumentTitle', {}, 'exports');
    return { ascii: `badges-${ticket ? ticket.id.slice(0, 8) : stamp}.pdf`, localised: `${stem}-${ticket ? ticket.holderName : stamp}.pdf` };
  }

  private async write(output: Writable, template: Template, layout: BadgeDocument['layout'], locale: Locale, batches: AsyncIterable<BadgeFace[]>, title?: string) {
    const [background, logo] = await Promise.all([this.pictureBytes(template.backgroundPhotoId), this.pictureBytes(template.logoPhotoId)]);
    const document: BadgeDocument = {
      badge: badgePagePoints(template),
      layout,
      style: { backgroundColor: template.backgroundColor, textColor: template.textColor, fields: template.fields, background, logo },
      title: title ?? translate(locale, 'badgeDocumentTitle', {}, 'exports'),
    };
    return writeBadgePdf(this.pool, this.fonts, output, document, batches);
  }

  /** Records the prints (each ticket's copy number in its audit row) in one transaction. */
  private async recordPrints(ticketIds: string[], actorId: string, batch: { batchId: string; first: boolean; filter: TPrintBadgeBatchQuery['filter']; total: number; layout: string } | null, origin: RequestOrigin) {
    await this.db.transaction(async (tx) => {
      const at = new Date(this.clock.now());
      const copies = await repository.recordPrints(tx, ticketIds, { printedById: actorId, batchId: batch?.batchId ?? null, at });
      if (batch?.first) await this.audit.record(origin, { actorId, action: 'ticket.badge_print_batch', subjectType: 'ticket', detail: { batchId: batch.batchId, filter: batch.filter, total: batch.total, layout: batch.layout } }, tx);
      for (const ticketId of ticketIds) {
        await this.audit.record(origin, { actorId, action: 'ticket.badge_print', subjectType: 'ticket', subjectId: ticketId, detail: { copy: copies.get(ticketId) ?? 1, batchId: batch?.batchId ?? null } }, tx);
      }
    });
  }

  /** Each ticket's face: names, its kind's label, the holder's entry photo and the printed token's QR. */
  private async facesOf(rows: readonly PrintableTicket[], locale: Locale, template: Template, labels: ReadonlyMap<TicketKind, string | null>): Promise<BadgeFace[]> {
    const photoIds = template.fields.includes('PHOTO') ? rows.map((row) => row.entryPhotoId).filter((id): id is string => id !== null) : [];
    const photos = photoIds.length > 0 ? await this.photos.findByIds(photoIds) : [];
    const bytes = new Map(await Promise.all(photos.map(async (photo) => [photo.id, await this.photos.bytesOf(photo)] as const)));
    const faces: BadgeFace[] = [];
    for (const row of rows) {
      const label = labels.get(row.kind);
      const token = template.fields.includes('QR') ? await this.tickets.printedToken(row.id) : null;
      const photo = row.entryPhotoId ? bytes.get(row.entryPhotoId) : null;
      faces.push({
        name: row.holderName,
        pinyin: pinyinOfName(row.holderName),
        organization: row.organization,
        kindLabel: label || translate(locale, `badgeLabel_${row.kind}`, {}, 'exports'),
        photo: photo ? new Uint8Array(photo) : null,
        qr: token ? qrCodeDrawingOf(token) : null,
      });
    }
    return faces;
  }

  private async pictureBytes(photoId: string | null): Promise<Uint8Array | null> {
    if (!photoId) return null;
    const [photo] = await this.photos.findByIds([photoId]);
    const bytes = photo ? await this.photos.bytesOf(photo) : null;
    return bytes ? new Uint8Array(bytes) : null;
  }

  private async templateFor(kind: TicketKind): Promise<Template> {
    return this.templateOf(kind, await repository.findTemplate(this.db, kind));
  }

  private templateOf(kind: TicketKind, row: repository.BadgeTemplateRow | undefined): Template {
    if (!row) {
      const { backgroundId: _background, logoId: _logo, ...fallback } = defaultBadgeTemplate(kind);
      return { ...fallback, backgroundPhotoId: null, logoPhotoId: null };
    }
    return {
      kind,
      size: row.size,
      orientation: row.orientation,
      backgroundColor: row.backgroundColor,
      textColor: row.textColor,
      fields: row.fields,
      label: row.label,
      backgroundPhotoId: row.backgroundPhotoId,
      logoPhotoId: row.logoPhotoId,
    };
  }
}
