import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Writable } from 'node:stream';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { LOCALES, type Locale } from '@portal/shared/i18n/locales';
import {
  DEFAULT_LETTER_TEMPLATE,
  LETTER_PATHS,
  LETTER_VERIFY_PAGE,
  fillLetterBody,
  maskPersonName,
  type LetterHolderKind,
  type LetterVerification,
  type TDecideLetterInput,
  type TLetterQueueInput,
  type TLetterTemplateInput,
  type TRequestLetterInput,
  type TRevokeLetterInput,
  type TVerifyLetterQuery,
} from '@portal/shared/invitation-letter/invitation-letter.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import type { Clock } from '../../lib/clock';
import type { HeavyWorkPool } from '../../lib/heavy-work-pool';
import { translate } from '../../lib/i18n';
import type { PdfFonts } from '../../lib/pdf-stream';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { ApplicationService } from '../application/application.service';
import type { BadgeService } from '../badge/badge.service';
import type { BadgeViewer } from '../badge/badge.policy';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { PhotoService } from '../media/photo.service';
import type { ShowService } from '../show/show.service';
import { writeLetterPdf, type LetterDocument } from './letter-pdf';
import type { InvitationLetterModel, LetterHolderModel, LetterTemplateModel } from './invitation-letter.models';
import { decidableKinds, isLetterHolder, isTemplateEditor, requireLetterDecider, requireLetterOrganizer, requireTemplateEditor } from './invitation-letter.policy';
import * as repository from './invitation-letter.repository';

/** The queue and the company's list show at most this many letters (a show issues hundreds, not more). */
const LIST_LIMIT = 500;
/** Characters of the verification signature (base64url of HMAC-SHA256: 132 bits). */
const SIGNATURE_LENGTH = 22;

type ApplicationReader = Pick<ApplicationService, 'findByAccount'>;
type BadgeReader = Pick<BadgeService, 'holderOf'>;

/** Who the letter names, as read from the application or the badge at the request. */
interface Holder {
  kind: LetterHolderKind;
  subjectId: string;
  exhibitorId: string | null;
  name: string;
  passportNumber: string;
  birthDate: string | null;
  company: string | null;
}

/**
 * Visa invitation letters (docs/decisions/0720-visa-invitation-letters.md): requested by the holder (a
 * visitor for their approved application, an exhibitor for an approved staff badge, with a passport),
 * issued or refused by the holder's section, drawn as a PDF on the show's letterhead on the heavy-work pool
 * (lib/pdf-stream.ts, the badges' font), verified on a public page by a signed reference, revoked by the
 * section with a reason, and erased with the holder's personal data (`eraseHolders`). Every state change,
 * every download and the template's saves are audited in their transaction.
 */
export class InvitationLetterService {
  private readonly signingKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly applications: ApplicationReader,
    private readonly badges: BadgeReader,
    private readonly exhibitors: Pick<ExhibitorService, 'findById'>,
    private readonly show: Pick<ShowService, 'showDays' | 'setting'>,
    private readonly photos: PhotoService,
    private readonly audit: AuditService,
    private readonly pool: HeavyWorkPool,
    private readonly fonts: PdfFonts,
    appSecret: string,
    private readonly clock: Clock,
  ) {
    this.signingKey = Buffer.from(hkdfSync('sha256', appSecret, 'moto-expo-invitation-letter', 'verification', 32));
  }

  /** The requester's page: who a letter would name (the passport masked), whether they may ask, their letters. */
  async holder(viewer: BadgeViewer | undefined, badgeId: string | null | undefined): Promise<LetterHolderModel> {
    const found = await this.findHolder(viewer, badgeId);
    const days = await this.showSpan();
    const letters = found.subjectId ? await repository.lettersOfHolder(this.db, found.kind, found.subjectId) : [];
    return {
      eligible: found.holder !== null && days !== null,
      holderName: found.holder?.name ?? null,
      passportMasked: found.holder ? maskIdNumber(found.holder.passportNumber) : null,
      birthDateKnown: !!found.holder?.birthDate,
      visitFrom: days?.from ?? null,
      visitTo: days?.to ?? null,
      letters: letters.map((row) => this.model(row, true)),
    };
  }

  /** An exhibitor's letters for all its staff, newest first. */
  async companyLetters(viewer: BadgeViewer | undefined): Promise<InvitationLetterModel[]> {
    if (viewer?.scope !== 'exhibitor' || !viewer.exhibitorId) throw new AppError(viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    return (await repository.lettersOfExhibitor(this.db, viewer.exhibitorId, LIST_LIMIT)).map((row) => this.model(row, true));
  }

  /**
   * The holder asks for a letter: the passport details come from the application or badge (never from
   * the request), the request adds nationality, passport expiry and — for a badge, which has none — the
   * birth date. One open letter per holder: the holder's open letter is locked, a second request refused.
   */
  async request(viewer: BadgeViewer | undefined, input: TRequestLetterInput, origin: RequestOrigin): Promise<InvitationLetterModel> {
    // The holder and the show's days are read first; the transaction decides on the holder's open letter.
    const { holder } = await this.findHolder(viewer, input.badgeId);
    if (!holder || !viewer) throw new AppError('LETTER_NOT_ELIGIBLE');
    const requester = viewer;
    const days = await this.showSpan();
    if (!days) throw new AppError('LETTER_NOT_ELIGIBLE');
    const birthDate = holder.birthDate ?? input.birthDate ?? null;
    if (!birthDate) throw new AppError('LETTER_BIRTH_DATE_REQUIRED', {}, [{ path: 'birthDate', code: 'LETTER_BIRTH_DATE_REQUIRED' }]);
    if (input.passportExpiry <= days.to) throw new AppError('LETTER_PASSPORT_EXPIRES', {}, [{ path: 'passportExpiry', code: 'LETTER_PASSPORT_EXPIRES' }]);
    const row = await this.db.transaction(async (tx) => {
      if (await repository.lockOpenLetter(tx, holder.kind, holder.subjectId)) throw new AppError('LETTER_ALREADY_REQUESTED');
      const inserted = await repository.insertLetter(tx, {
        holderKind: holder.kind,
        subjectId: holder.subjectId,
        exhibitorId: holder.exhibitorId,
        requestedById: requester.id,
        holderName: holder.name,
        passportNumber: holder.passportNumber,
        nationality: input.nationality,
        birthDate,
        passportExpiry: input.passportExpiry,
        company: holder.company,
        visitFrom: days.from,
        visitTo: days.to,
        requestedAt: new Date(this.clock.now()),
      });
      await this.audit.record(origin, { actorId: requester.id, action: 'invitation_letter.request', subjectType: 'invitation_letter', subjectId: inserted.id, detail: { holderKind: holder.kind, subjectId: holder.subjectId } }, tx);
      return inserted;
    }).catch((error: unknown) => {
      // Two first requests at once: the open-letter index lets one in.
      if (isUniqueViolation(error)) throw new AppError('LETTER_ALREADY_REQUESTED');
      throw error;
    });
    return this.model(row, true);
  }

  /** The section's queue: the kinds the viewer decides, a state or all; the passport masked. */
  async queue(viewer: Viewer | undefined, input: TLetterQueueInput): Promise<InvitationLetterModel[]> {
    const { kinds } = requireLetterOrganizer(viewer);
    return (await repository.queue(this.db, kinds, input.status, LIST_LIMIT)).map((row) => this.model(row, false));
  }

  /** Issue (the template's issuer and texts copied into the letter) or refuse with a reason; the row locked, PENDING re-checked. */
  async decide(viewer: Viewer | undefined, input: TDecideLetterInput, origin: RequestOrigin): Promise<InvitationLetterModel> {
    requireLetterOrganizer(viewer);
    const row = await this.db.transaction(async (tx) => {
      const letter = await repository.lockLetter(tx, input.letterId);
      if (!letter) throw new AppError('NOT_FOUND');
      const actor = requireLetterDecider(viewer, letter.holderKind);
      if (letter.status !== 'PENDING') throw new AppError('LETTER_NOT_PENDING');
      const at = new Date(this.clock.now());
      if (input.decision === 'REFUSE') {
        const refused = await repository.updateLetter(tx, letter.id, { status: 'REFUSED', refuseReason: input.reason, decidedAt: at, decidedById: actor.id });
        await this.audit.record(origin, { actorId: actor.id, action: 'invitation_letter.refuse', subjectType: 'invitation_letter', subjectId: letter.id, detail: { reason: input.reason } }, tx);
        return refused;
      }
      const template = await repository.findTemplate(tx);
      if (!template) throw new AppError('LETTER_TEMPLATE_MISSING');
      const issued = await repository.updateLetter(tx, letter.id, {
        status: 'ISSUED',
        decidedAt: at,
        decidedById: actor.id,
        issuedAt: at,
        issuerName: template.issuerName,
        issuerTitle: template.issuerTitle,
        bodyZh: template.bodyZh,
        bodyEn: template.bodyEn,
      });
      await this.audit.record(origin, { actorId: actor.id, action: 'invitation_letter.issue', subjectType: 'invitation_letter', subjectId: letter.id }, tx);
      return issued;
    });
    return this.model(row, false);
  }

  /** Revokes an issued letter with a reason: its verification page says revoked from now on. */
  async revoke(viewer: Viewer | undefined, input: TRevokeLetterInput, origin: RequestOrigin): Promise<InvitationLetterModel> {
    requireLetterOrganizer(viewer);
    const row = await this.db.transaction(async (tx) => {
      const letter = await repository.lockLetter(tx, input.letterId);
      if (!letter) throw new AppError('NOT_FOUND');
      const actor = requireLetterDecider(viewer, letter.holderKind);
      if (letter.status !== 'ISSUED') throw new AppError('LETTER_NOT_ISSUED');
      const revoked = await repository.updateLetter(tx, letter.id, { status: 'REVOKED', revokeReason: input.reason, revokedAt: new Date(this.clock.now()), revokedById: actor.id });
      await this.audit.record(origin, { actorId: actor.id, action: 'invitation_letter.revoke', subjectType: 'invitation_letter', subjectId: letter.id, detail: { reason: input.reason } }, tx);
      return revoked;
    });
    return this.model(row, false);
  }

  /** Authorises a download before any byte is sent: the holder or the section's organizers, an issued letter only. */
  async startDownload(viewer: BadgeViewer | undefined, letterId: string) {
    const letter = await repository.findLetter(this.db, letterId);
    if (!letter) throw new AppError(viewer ? 'NOT_FOUND' : 'UNAUTHENTICATED');
    const actorId = await this.requireReader(viewer, letter);
    if (letter.status !== 'ISSUED' || letter.erasedAt) throw new AppError('LETTER_NOT_ISSUED');
    return { actorId, letter };
  }

  /**
   * The issued letter as one A4 PDF in both languages, its QR the verification page's address on
   * `portalOrigin`; the download is audited before the bytes leave.
   */
  async writePdf(output: Writable, { actorId, letter }: Awaited<ReturnType<InvitationLetterService['startDownload']>>, portalOrigin: string, origin: RequestOrigin) {
    await this.audit.record(origin, { actorId, action: 'invitation_letter.download', subjectType: 'invitation_letter', subjectId: letter.id });
    const template = await repository.findTemplate(this.db);
    const setting = await this.show.setting();
    const [letterhead, signature] = await Promise.all([this.pictureBytes(template?.letterheadPhotoId ?? null), this.pictureBytes(template?.signaturePhotoId ?? null)]);
    const verifyUrl = `${portalOrigin}${this.verificationPath(letter.id)}`;
    const issuedOn = (letter.issuedAt ?? new Date(this.clock.now())).toISOString().slice(0, 10);
    const parts = LOCALES.map((locale) => {
      const t = (key: string, params: Record<string, string> = {}) => translate(locale, key, params, 'exports');
      const showName = (locale === 'zh-CN' ? setting.nameZh || setting.nameEn : setting.nameEn || setting.nameZh) || t('letterShowFallback');
      const values = {
        name: letter.holderName ?? '',
        passportNumber: letter.passportNumber ?? '',
        nationality: letter.nationality ?? '',
        birthDate: letter.birthDate ?? '',
        passportExpiry: letter.passportExpiry ?? '',
        visitFrom: letter.visitFrom,
        visitTo: letter.visitTo,
        company: letter.company ? t('letterCompany', { company: letter.company }) : '',
        showName,
      };
      const body = (locale === 'zh-CN' ? letter.bodyZh : letter.bodyEn) ?? (locale === 'zh-CN' ? DEFAULT_LETTER_TEMPLATE.bodyZh : DEFAULT_LETTER_TEMPLATE.bodyEn);
      return { title: t('letterTitle'), to: t('letterTo'), body: fillLetterBody(body, values) };
    });
    const document: LetterDocument = {
      title: translate('en-US', 'letterTitle', {}, 'exports'),
      letterhead,
      signature,
      parts,
      reference: translate('zh-CN', 'letterReference', { id: letter.id, date: issuedOn }, 'exports') + '\n' + translate('en-US', 'letterReference', { id: letter.id, date: issuedOn }, 'exports'),
      issuer: { name: letter.issuerName ?? '', title: letter.issuerTitle ?? '' },
      verify: { qr: qrCodeDrawingOf(verifyUrl), caption: `${translate('zh-CN', 'letterVerify', {}, 'exports')} / ${translate('en-US', 'letterVerify', {}, 'exports')}`, url: verifyUrl },
    };
    return writeLetterPdf(this.pool, this.fonts, output, document);
  }

  fileName(locale: Locale, letter: { id: string; holderName: string | null }) {
    const stem = translate(locale, 'letterTitle', {}, 'exports');
    return { ascii: `invitation-letter-${letter.id.slice(0, 8)}.pdf`, localised: `${stem}-${letter.holderName ?? letter.id.slice(0, 8)}.pdf` };
  }

  /** The verification page's path with the letter's signed reference (the QR's address without the origin). */
  verificationPath(letterId: string) {
    return `${LETTER_VERIFY_PAGE}/${letterId}?s=${this.signatureOf(letterId)}`;
  }

  /**
   * The public verification (no sign-in): a letter whose reference is signed answers VALID or REVOKED with
   * its name and passport masked, the dates, the issuer and the issue date; an erased one NOT_VALID and
   * nothing else. A wrong signature is NOT_FOUND, as an unknown letter: nobody learns which ids exist.
   */
  async verify(query: TVerifyLetterQuery): Promise<LetterVerification> {
    const expected = Buffer.from(this.signatureOf(query.letterId));
    const given = Buffer.from(query.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('NOT_FOUND');
    const letter = await repository.findLetter(this.db, query.letterId);
    if (!letter) throw new AppError('NOT_FOUND');
    const empty = { nameMasked: null, passportMasked: null, visitFrom: null, visitTo: null, issuer: null, issuedAt: null, revokedAt: null };
    if (letter.erasedAt || !letter.issuedAt || (letter.status !== 'ISSUED' && letter.status !== 'REVOKED')) return { verdict: 'NOT_VALID', ...empty };
    return {
      verdict: letter.status === 'ISSUED' ? 'VALID' : 'REVOKED',
      nameMasked: letter.holderName ? maskPersonName(letter.holderName) : null,
      passportMasked: letter.passportNumber ? maskIdNumber(letter.passportNumber) : null,
      visitFrom: letter.visitFrom,
      visitTo: letter.visitTo,
      issuer: [letter.issuerName, letter.issuerTitle].filter(Boolean).join(', ') || null,
      issuedAt: letter.issuedAt.toISOString(),
      revokedAt: letter.revokedAt?.toISOString() ?? null,
    };
  }

  /** The template as the project section edits it: the saved one, else the default texts (updatedAt null). */
  async template(viewer: Viewer | undefined): Promise<LetterTemplateModel> {
    requireTemplateEditor(viewer);
    return this.templateModel(await repository.findTemplate(this.db));
  }

  /** Saves the template under its row lock; a new picture must be a LETTER_TEMPLATE upload of the same organizer. Audited before/after. */
  async saveTemplate(viewer: Viewer | undefined, input: TLetterTemplateInput, origin: RequestOrigin): Promise<LetterTemplateModel> {
    const actor = requireTemplateEditor(viewer);
    const replacedFiles: string[] = [];
    const saved = await this.db.transaction(async (tx) => {
      const before = await repository.lockTemplate(tx);
      const letterheadPhotoId = input.letterheadId ?? null;
      const signaturePhotoId = input.signatureId ?? null;
      const pictures = [
        { path: 'letterheadId', next: letterheadPhotoId, current: before?.letterheadPhotoId },
        { path: 'signatureId', next: signaturePhotoId, current: before?.signaturePhotoId },
      ];
      await this.photos.requireOwnPictures(tx, actor.id, 'LETTER_TEMPLATE', 'LETTER_TEMPLATE_PICTURE_INVALID', pictures);
      const after = await repository.saveTemplate(tx, {
        issuerName: input.issuerName,
        issuerTitle: input.issuerTitle,
        bodyZh: input.bodyZh,
        bodyEn: input.bodyEn,
        letterheadPhotoId,
        signaturePhotoId,
        updatedAt: new Date(this.clock.now()),
        updatedById: actor.id,
      });
      replacedFiles.push(...(await this.photos.deleteReplacedPictures(tx, pictures)));
      const { updatedAt: _beforeAt, updatedById: _beforeBy, ...beforeDetail } = before ?? {};
      const { updatedAt: _afterAt, updatedById: _afterBy, ...afterDetail } = after;
      await this.audit.record(origin, { actorId: actor.id, action: 'letter_template.save', subjectType: 'letter_template', subjectId: '1', detail: { before: before ? beforeDetail : null, after: afterDetail } }, tx);
      return after;
    });
    await this.photos.deleteFiles(replacedFiles);
    return this.templateModel(saved);
  }

  /** Photo access rule: the letterhead and signature open for the project section (no personal data: not audited). */
  async pictureAccess(viewer: Viewer, photoId: string): Promise<{ audited: boolean } | null> {
    return isTemplateEditor(viewer) && (await repository.templateUsingPhoto(this.db, photoId)) ? { audited: false } : null;
  }

  /**
   * PIPL: the holders' personal data is erased (the application withdrawn or erased, the badge deleted) —
   * in the caller's transaction, their letters lose the passport details and texts and an open one is
   * revoked, so that its verification page answers NOT_VALID. One audit row names the letters.
   */
  async eraseHolders(tx: Executor, kind: LetterHolderKind, subjectIds: readonly string[]) {
    if (subjectIds.length === 0) return;
    const erased = await repository.eraseLettersOf(tx, kind, subjectIds, new Date(this.clock.now()));
    if (erased.length > 0) await this.audit.record(undefined, { actorId: null, action: 'invitation_letter.erase', subjectType: 'invitation_letter', detail: { ids: erased.map((row) => row.id) } }, tx);
  }

  /** The holder's name of each letter id (the audit log names its subjects); erased letters have none. */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.findLetters(this.db, ids)).flatMap((row) => (row.holderName ? [[row.id, row.holderName] as const] : [])));
  }

  /** The letter as GraphQL answers it; `own`: its holder reads the full name (an organizer's list masks nothing but the passport). */
  private model(row: repository.InvitationLetterRow, own: boolean): InvitationLetterModel {
    return {
      ...row,
      passportMasked: row.passportNumber ? maskIdNumber(row.passportNumber) : null,
      pdfUrl: row.status === 'ISSUED' && !row.erasedAt ? `${LETTER_PATHS.pdf}?letterId=${row.id}` : null,
      own,
    };
  }

  private templateModel(row: repository.LetterTemplateRow | undefined): LetterTemplateModel {
    return {
      issuerName: row?.issuerName ?? DEFAULT_LETTER_TEMPLATE.issuerName,
      issuerTitle: row?.issuerTitle ?? DEFAULT_LETTER_TEMPLATE.issuerTitle,
      bodyZh: row?.bodyZh ?? DEFAULT_LETTER_TEMPLATE.bodyZh,
      bodyEn: row?.bodyEn ?? DEFAULT_LETTER_TEMPLATE.bodyEn,
      letterheadPhotoId: row?.letterheadPhotoId ?? null,
      signaturePhotoId: row?.signaturePhotoId ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  /** Who may read (download) a letter: its holder, or the organizers who decide its kind. */
  private async requireReader(viewer: BadgeViewer | undefined, letter: repository.InvitationLetterRow): Promise<string> {
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    if (decidableKinds(viewer).includes(letter.holderKind)) return viewer.id;
    const ownApplicationId = viewer.scope === 'audience' ? ((await this.applications.findByAccount(viewer.id))?.id ?? null) : null;
    if (!isLetterHolder(viewer, letter, ownApplicationId)) throw new AppError('FORBIDDEN');
    return viewer.id;
  }

  /**
   * The holder a request names: the visitor's own application, or (with a badge id) one of the exhibitor's
   * badges; `holder` null when it may not have a letter (not approved, not a passport, erased).
   * Another company's badge, or a viewer of neither kind, is FORBIDDEN.
   */
  private async findHolder(viewer: BadgeViewer | undefined, badgeId: string | null | undefined): Promise<{ kind: LetterHolderKind; subjectId: string | null; holder: Holder | null }> {
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    if (viewer.scope === 'audience' && !badgeId) {
      const application = await this.applications.findByAccount(viewer.id);
      if (!application) return { kind: 'VISITOR', subjectId: null, holder: null };
      const eligible = application.approveStatus === 'DONE' && application.idType === 'PASSPORT' && !application.personalDataErasedAt && application.idNumber && application.name;
      return {
        kind: 'VISITOR',
        subjectId: application.id,
        holder: eligible ? { kind: 'VISITOR', subjectId: application.id, exhibitorId: null, name: application.name ?? '', passportNumber: application.idNumber ?? '', birthDate: application.birthDate, company: null } : null,
      };
    }
    if (viewer.scope === 'exhibitor' && viewer.exhibitorId && badgeId) {
      const badge = await this.badges.holderOf(badgeId);
      if (!badge) throw new AppError('NOT_FOUND');
      if (badge.exhibitorId !== viewer.exhibitorId) throw new AppError('FORBIDDEN');
      const eligible = badge.status === 'APPROVED' && badge.idType === 'PASSPORT';
      const company = badge.companyNameEn || badge.companyNameZh || (await this.exhibitors.findById(badge.exhibitorId))?.nameEn || null;
      return { kind: 'STAFF', subjectId: badge.id, holder: eligible ? { kind: 'STAFF', subjectId: badge.id, exhibitorId: badge.exhibitorId, name: badge.name, passportNumber: badge.idNumber, birthDate: null, company } : null };
    }
    throw new AppError('FORBIDDEN');
  }

  /** The show's first and last day: the dates of the visit a letter names. */
  private async showSpan(tx: Executor = this.db) {
    const days = await this.show.showDays(tx);
    const first = days[0]?.day;
    const last = days.at(-1)?.day;
    return first && last ? { from: first, to: last } : null;
  }

  private async pictureBytes(photoId: string | null): Promise<Uint8Array | null> {
    if (!photoId) return null;
    const [photo] = await this.photos.findByIds([photoId]);
    const bytes = photo ? await this.photos.bytesOf(photo) : null;
    return bytes ? new Uint8Array(bytes) : null;
  }

  private signatureOf(letterId: string) {
    return createHmac('sha256', this.signingKey).update(letterId, 'utf8').digest('base64url').slice(0, SIGNATURE_LENGTH);
  }
}
