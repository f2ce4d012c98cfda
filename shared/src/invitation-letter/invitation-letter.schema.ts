/**
 * Visa invitation letters (docs/decisions/0720-visa-invitation-letters.md): an approved foreign visitor, or
 * an exhibitor for an approved staff badge, holding a passport asks for a letter; the organizers of the
 * holder's section issue or refuse it; an issued letter is a PDF on the show's letterhead with a QR that
 * opens the public verification page. These are the rules the forms, the resolvers and the routes share.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';

const code = (value: ErrorCode) => ({ message: value });

/** Whose letter: a visitor (their own application) or a staff member of an exhibiting company (a badge). */
export const LETTER_HOLDER_KINDS = ['VISITOR', 'STAFF'] as const;
export type LetterHolderKind = (typeof LETTER_HOLDER_KINDS)[number];

/** PENDING → ISSUED | REFUSED; ISSUED → REVOKED (by an organizer, or when the holder's data is erased). */
export const LETTER_STATUSES = ['PENDING', 'ISSUED', 'REFUSED', 'REVOKED'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/** What the public verification page answers; NOT_VALID: no such letter, or its holder's data was erased. */
export const LETTER_VERDICTS = ['VALID', 'REVOKED', 'NOT_VALID'] as const;
export type LetterVerdict = (typeof LETTER_VERDICTS)[number];

export const NATIONALITY_MAX_LENGTH = 64;
export const LETTER_REASON_MAX_LENGTH = 500;
export const LETTER_ISSUER_MAX_LENGTH = 100;
export const LETTER_BODY_MAX_LENGTH = 4000;

/** The placeholders a template's body may use, each replaced by the letter's value. */
export const LETTER_PLACEHOLDERS = ['name', 'passportNumber', 'nationality', 'birthDate', 'passportExpiry', 'visitFrom', 'visitTo', 'company', 'showName'] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

/** The web page that verifies a letter (the QR's address is the portal's origin and this path). */
export const LETTER_VERIFY_PAGE = '/letters/verify';
export const LETTER_PATHS = {
  /** GET ?letterId=…: the issued letter's PDF (the holder or the section's organizers; audited). */
  pdf: '/apis/files/letters/letter.pdf',
  /** GET /:id?s=…: the public verification answer (JSON, no sign-in). */
  verify: '/apis/letters/verify',
} as const;

const isoDate = z.string(code('LETTER_DATE_INVALID')).regex(/^\d{4}-\d{2}-\d{2}$/, code('LETTER_DATE_INVALID')).refine((value) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}, code('LETTER_DATE_INVALID'));

/**
 * What the request adds to the passport details already on the application or badge: what a visa office
 * asks and we do not hold. A badge has no birth date (an application has): the service asks for it then.
 */
export const ZRequestLetterInput = z.object({
  /** A staff member's letter: the company's approved badge; absent: the visitor's own. */
  badgeId: z.uuid(code('NOT_FOUND')).nullish(),
  nationality: plainText('LETTER_NATIONALITY_REQUIRED').trim().min(2, code('LETTER_NATIONALITY_REQUIRED')).max(NATIONALITY_MAX_LENGTH, code('LETTER_NATIONALITY_REQUIRED')),
  birthDate: isoDate.nullish(),
  passportExpiry: isoDate,
});
export type TRequestLetterInput = z.output<typeof ZRequestLetterInput>;

export const ZLetterId = z.uuid(code('NOT_FOUND'));

const reason = plainText('LETTER_REASON_REQUIRED').trim().min(1, code('LETTER_REASON_REQUIRED')).max(LETTER_REASON_MAX_LENGTH, code('LETTER_REASON_REQUIRED'));

export const ZDecideLetterInput = z.discriminatedUnion('decision', [
  z.object({ letterId: ZLetterId, decision: z.literal('ISSUE') }),
  z.object({ letterId: ZLetterId, decision: z.literal('REFUSE'), reason }),
]);
export type TDecideLetterInput = z.output<typeof ZDecideLetterInput>;

export const ZRevokeLetterInput = z.object({ letterId: ZLetterId, reason });
export type TRevokeLetterInput = z.output<typeof ZRevokeLetterInput>;

export const ZLetterQueueInput = z.object({ status: z.enum(LETTER_STATUSES).nullish() });
export type TLetterQueueInput = z.output<typeof ZLetterQueueInput>;

const body = plainText('LETTER_TEMPLATE_INVALID').trim().min(1, code('LETTER_TEMPLATE_INVALID')).max(LETTER_BODY_MAX_LENGTH, code('LETTER_TEMPLATE_INVALID'));
const issuerText = plainText('LETTER_TEMPLATE_INVALID').trim().min(1, code('LETTER_TEMPLATE_INVALID')).max(LETTER_ISSUER_MAX_LENGTH, code('LETTER_TEMPLATE_INVALID'));

/** The letterhead, issuer and body in both languages; the pictures are uploads of purpose LETTER_TEMPLATE. */
export const ZLetterTemplateInput = z.object({
  issuerName: issuerText,
  issuerTitle: issuerText,
  bodyZh: body,
  bodyEn: body,
  letterheadId: z.uuid(code('LETTER_TEMPLATE_PICTURE_INVALID')).nullish(),
  signatureId: z.uuid(code('LETTER_TEMPLATE_PICTURE_INVALID')).nullish(),
});
export type TLetterTemplateInput = z.output<typeof ZLetterTemplateInput>;

/** The verification page's query: the letter and its signed reference. */
export const ZVerifyLetterQuery = z.object({ letterId: z.uuid(code('NOT_FOUND')), signature: z.string(code('NOT_FOUND')).regex(/^[A-Za-z0-9_-]{16,64}$/, code('NOT_FOUND')) });
export type TVerifyLetterQuery = z.output<typeof ZVerifyLetterQuery>;

/** The public verification answer (JSON): masked, no more than a border officer needs to match a letter. */
export interface LetterVerification {
  verdict: LetterVerdict;
  nameMasked: string | null;
  passportMasked: string | null;
  visitFrom: string | null;
  visitTo: string | null;
  issuer: string | null;
  issuedAt: string | null;
  revokedAt: string | null;
}

/** A body's placeholders filled: `{name}` → the value; an unknown placeholder stays as written. */
export function fillLetterBody(body: string, values: Partial<Record<LetterPlaceholder, string>>): string {
  return body.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = (values as Record<string, string | undefined>)[key];
    return value ?? whole;
  });
}

/**
 * A name as public pages show it: the first character of each word kept, the rest starred
 * (张三丰 → 张**, John Smith → J*** S****). Enough to match a letter in hand, not to learn a name.
 */
export function maskPersonName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 1 && /\p{Script=Han}/u.test(name)) {
    const [first = '', ...rest] = [...name.trim()];
    return first + '*'.repeat(Math.max(rest.length, 1));
  }
  return words.map((word) => {
    const [first = '', ...rest] = [...word];
    return first + '*'.repeat(Math.max(rest.length, 1));
  }).join(' ');
}

/** The default template, until the project section saves one. */
export const DEFAULT_LETTER_TEMPLATE = {
  issuerName: '',
  issuerTitle: '',
  bodyZh:
    '兹邀请 {name}（国籍：{nationality}，护照号码：{passportNumber}，出生日期：{birthDate}，护照有效期至：{passportExpiry}）于 {visitFrom} 至 {visitTo} 来华参加 {showName}。{company}\n\n其在华期间的一切费用自理。请贵馆惠予办理签证为盼。',
  bodyEn:
    'We are pleased to invite {name} (nationality: {nationality}; passport number: {passportNumber}; date of birth: {birthDate}; passport valid until: {passportExpiry}) to visit China from {visitFrom} to {visitTo} to attend {showName}. {company}\n\nAll expenses during the stay are borne by the visitor. We kindly ask you to grant the visa.',
} as const;
