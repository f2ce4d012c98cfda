/**
 * Badges printed at the counter: one template per ticket kind (size, colours, pictures, which fields
 * show) and what a print asks for (one ticket, or the ticket list's filter as one PDF). The PDF the
 * server renders is the truth; these are the rules the design page and the print routes share.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { TICKET_KINDS, ZTicketFilter, ZTicketId } from '../ticket/ticket.schema';
import { plainText } from '../text';

const code = (value: ErrorCode) => ({ message: value });

/** Card and label sizes in millimetres, portrait (width ≤ height); LANDSCAPE swaps them. */
export const BADGE_SIZES = {
  /** ISO/IEC 7810 ID-1, the card printers' size. */
  CR80: { widthMm: 53.98, heightMm: 85.6 },
  A6: { widthMm: 105, heightMm: 148 },
  /** The 4×6 in label of thermal label printers. */
  LABEL_4X6: { widthMm: 101.6, heightMm: 152.4 },
} as const;
export type BadgeSize = keyof typeof BADGE_SIZES;
export const BADGE_SIZE_NAMES = Object.keys(BADGE_SIZES) as BadgeSize[];

export const BADGE_ORIENTATIONS = ['PORTRAIT', 'LANDSCAPE'] as const;
export type BadgeOrientation = (typeof BADGE_ORIENTATIONS)[number];

/** What a badge may show; the template lists those it shows. */
export const BADGE_FIELDS = ['PHOTO', 'NAME', 'PINYIN', 'ORGANIZATION', 'KIND_LABEL', 'QR'] as const;
export type BadgeField = (typeof BADGE_FIELDS)[number];

/** How a print lays its badges out: one a page at the badge's size, or as many as fit on A4 with crop marks. */
export const BADGE_PRINT_LAYOUTS = ['SINGLE', 'A4_SHEET'] as const;
export type BadgePrintLayout = (typeof BADGE_PRINT_LAYOUTS)[number];

export const BADGE_LABEL_MAX_LENGTH = 24;
/** Tickets one batch PDF holds at most (the bench prints 2,000 in well under a minute). */
export const MAX_BADGES_PER_PRINT = 5_000;
const MM_PER_POINT = 25.4 / 72;

/** The page of one badge in millimetres, orientation applied. */
export function badgePageMm(template: { size: BadgeSize; orientation: BadgeOrientation }) {
  const { widthMm, heightMm } = BADGE_SIZES[template.size];
  return template.orientation === 'PORTRAIT' ? { widthMm, heightMm } : { widthMm: heightMm, heightMm: widthMm };
}

/** The same in PDF points (1/72 in), as a PDF's MediaBox holds it. */
export function badgePagePoints(template: { size: BadgeSize; orientation: BadgeOrientation }) {
  const { widthMm, heightMm } = badgePageMm(template);
  return { width: widthMm / MM_PER_POINT, height: heightMm / MM_PER_POINT };
}

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, code('BADGE_TEMPLATE_COLOUR_INVALID')).transform((value) => value.toLowerCase());

/** A template as the design page saves it: the pictures are uploads of purpose BADGE_TEMPLATE. */
export const ZBadgeTemplateInput = z.object({
  kind: z.enum(TICKET_KINDS),
  size: z.enum(BADGE_SIZE_NAMES as [BadgeSize, ...BadgeSize[]]),
  orientation: z.enum(BADGE_ORIENTATIONS),
  backgroundColor: colour,
  textColor: colour,
  backgroundId: z.uuid(code('BADGE_TEMPLATE_PICTURE_INVALID')).nullish(),
  logoId: z.uuid(code('BADGE_TEMPLATE_PICTURE_INVALID')).nullish(),
  /** Deduplicated and in the order of BADGE_FIELDS; a badge shows the name or the QR at least. */
  fields: z
    .array(z.enum(BADGE_FIELDS))
    .max(BADGE_FIELDS.length)
    .transform((fields) => BADGE_FIELDS.filter((field) => fields.includes(field)))
    .refine((fields) => fields.includes('NAME') || fields.includes('QR'), code('BADGE_TEMPLATE_EMPTY')),
  /** The kind label printed on the badge; empty: the kind's name in the printing language. */
  label: plainText('BADGE_TEMPLATE_LABEL_INVALID').trim().max(BADGE_LABEL_MAX_LENGTH, code('BADGE_TEMPLATE_LABEL_INVALID')).nullish(),
});
export type TBadgeTemplateInput = z.output<typeof ZBadgeTemplateInput>;

/** The template a kind prints with until the organizer saves one. */
export function defaultBadgeTemplate(kind: (typeof TICKET_KINDS)[number]): TBadgeTemplateInput {
  return {
    kind,
    size: 'CR80',
    orientation: 'PORTRAIT',
    backgroundColor: '#ffffff',
    textColor: '#1f1f1f',
    backgroundId: null,
    logoId: null,
    fields: kind === 'BADGE' ? [...BADGE_FIELDS] : BADGE_FIELDS.filter((field) => field !== 'ORGANIZATION'),
    label: null,
  };
}

export const ZBadgePrintLayout = z.enum(BADGE_PRINT_LAYOUTS, code('BADGE_PRINT_LAYOUT_INVALID'));

/** One ticket's badge (the ticket list's row, the drawer, the kiosk). */
export const ZPrintOneBadgeQuery = z.object({ ticketId: ZTicketId, layout: ZBadgePrintLayout.default('SINGLE') });
export type TPrintOneBadgeQuery = z.output<typeof ZPrintOneBadgeQuery>;

/** The ticket list's filter as one PDF; only valid tickets print. */
export const ZPrintBadgeBatchQuery = z.object({ filter: ZTicketFilter, layout: ZBadgePrintLayout.default('SINGLE') });
export type TPrintBadgeBatchQuery = z.output<typeof ZPrintBadgeBatchQuery>;

/** A draft template's preview, with sample data. */
export const ZBadgePreviewInput = z.object({ template: ZBadgeTemplateInput, layout: ZBadgePrintLayout.default('SINGLE') });
export type TBadgePreviewInput = z.output<typeof ZBadgePreviewInput>;

/** The kiosk's look-up: a scanned QR text, a ticket number (external code) or a name. */
export const ZKioskLookupInput = z.object({
  query: plainText('KIOSK_QUERY_INVALID').trim().min(1, code('KIOSK_QUERY_INVALID')).max(2_000, code('KIOSK_QUERY_INVALID')),
});
export type TKioskLookupInput = z.output<typeof ZKioskLookupInput>;

export const BADGE_PRINT_PATHS = {
  one: '/apis/files/badges/print.pdf',
  batch: '/apis/files/badges/batch.pdf',
  preview: '/apis/files/badges/preview.pdf',
} as const;
