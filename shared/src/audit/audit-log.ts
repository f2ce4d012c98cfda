/**
 * The audit log: what is recorded, and the super administrator's filter over it.
 * Every action a service records is listed here, so the server cannot write one the page cannot name
 * (the `AuditEntry.action` type) and both locale files translate each one (a test checks it).
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';

export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'audience.view',
  'audience.export',
  'audience.approve',
  'audience.refuse',
  'audience.withdraw',
  'audience.erase',
  'audience.retention-erase',
  'photo.view',
  'badge.view',
  'badge.export',
  'badge.submit',
  'badge.edit',
  // What badge filings were recorded as before every kind went through one review workflow (the log is append-only).
  'badge.create',
  'badge.update',
  'badge.delete',
  'badge.approve',
  'badge.reject',
  'badge.photo-replace',
  'catalog.submit',
  'catalog.edit',
  'catalog.approve',
  'catalog.reject',
  'catalog.export',
  'banner.submit',
  'banner.edit',
  'banner.approve',
  'banner.reject',
  'banner.export',
  'banner.placement',
  'product.submit',
  'product.edit',
  'product.approve',
  'product.reject',
  'product.export',
  'audit.export',
  'account.erase',
  'exhibitor.register',
  'exhibitor.create',
  'exhibitor.update',
  'exhibitor.approve',
  'exhibitor.enable',
  'exhibitor.disable',
  'exhibitor.reset_password',
  'exhibitor.import',
  'exhibitor.export',
  'exhibitor.extra_badges_order',
  'exhibitor.extra_badges_cancel',
  'exhibitor.extra_badges_paid',
  'exhibitor.extra_badges_refuse',
  'badge_quota_rule.save',
  'project.settings.update',
  'activation-code.generate',
  'activation-code.import',
  'activation-code.export',
  'activation-code.void',
  'staff.create',
  'staff.update',
  'staff.disable',
  'staff.enable',
  'staff.reset_password',
  'device.register',
  'device.update',
  'device.token_issue',
  'device.token_revoke',
  'ticket.face_check_view',
  'ticket.face_checked',
  'ticket.qr_view',
  'ticket.revoke',
  'ticket.reinstate',
  'ticket.import',
  'ticket.export',
  'ticket.badge_print',
  'ticket.badge_print_batch',
  'badge_template.save',
  'invitation_letter.request',
  'invitation_letter.issue',
  'invitation_letter.refuse',
  'invitation_letter.download',
  'invitation_letter.revoke',
  'invitation_letter.erase',
  'letter_template.save',
  'auto_approval_rules.save',
  'review_job.start',
  'review_job.cancel',
  'review_job.done',
  'review_job.fail',
  'visitor_group.create',
  'visitor_group.limit',
  'visitor_group.import',
  'visitor_group.invite',
  'visitor_group.remove_member',
  'visitor_group.join',
  'visitor_group.approve',
  'visitor_group.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; the filter offers these. */
export const AUDIT_SUBJECT_TYPES = ['account', 'audience', 'photo', 'badge', 'catalog', 'banner', 'banner_placement', 'product', 'audit', 'exhibitor', 'project_settings', 'activation_code', 'device', 'ticket', 'badge_template', 'invitation_letter', 'letter_template', 'auto_approval_rules', 'badge_quota_rule', 'review_job', 'visitor_group'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export function isAuditSubjectType(value: string): value is AuditSubjectType {
  return (AUDIT_SUBJECT_TYPES as readonly string[]).includes(value);
}

export const AUDIT_PAGE_SIZES = [50, 100, 200] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 50;
/** A name, email or mobile of the person who acted. */
export const AUDIT_PERSON_MAX_LENGTH = 64;
export const AUDIT_SUBJECT_ID_MAX_LENGTH = 64;

const invalid = { message: 'VALIDATION_FAILED' satisfies ErrorCode };
const ZInstant = z.coerce.date(invalid);

export const ZAuditLogFilter = z
  .object({
    /** Exactly this account (a click on a row's person). */
    actorId: z.uuid(invalid).nullish(),
    /** Name (contains), email or mobile of the person who acted. */
    person: plainText('VALIDATION_FAILED').trim().max(AUDIT_PERSON_MAX_LENGTH, invalid).nullish(),
    actions: z.array(z.enum(AUDIT_ACTIONS, invalid)).max(AUDIT_ACTIONS.length, invalid).nullish(),
    subjectType: z.enum(AUDIT_SUBJECT_TYPES, invalid).nullish(),
    subjectId: plainText('VALIDATION_FAILED').trim().max(AUDIT_SUBJECT_ID_MAX_LENGTH, invalid).nullish(),
    /** Inclusive instants (GraphQL DateTime, or ISO 8601 in a URL). */
    from: ZInstant.nullish(),
    to: ZInstant.nullish(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, invalid);
export type TAuditLogFilter = z.output<typeof ZAuditLogFilter>;

/** Newest first, in pages that continue before the last entry seen (the log grows at the top while one reads it). */
export const ZAuditLogInput = z.object({
  filter: ZAuditLogFilter.nullish(),
  before: z.string().regex(/^[1-9]\d{0,17}$/, invalid).nullish(),
  pageSize: z
    .number()
    .int(invalid)
    .refine((size) => (AUDIT_PAGE_SIZES as readonly number[]).includes(size), invalid)
    .nullish(),
});
export type TAuditLogInput = z.output<typeof ZAuditLogInput>;

/** The export link's query values: the same filter, flattened (`actions` comma-separated). */
export function auditFilterToSearch(filter: TAuditLogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  return params;
}

/** The inverse of `auditFilterToSearch` (the export route and the page's URL state); parse the result with `ZAuditLogFilter`. */
export function auditFilterFromSearch(params: URLSearchParams): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const key of ['actorId', 'person', 'actions', 'subjectType', 'subjectId', 'from', 'to']) {
    const value = params.get(key);
    if (value) filter[key] = key === 'actions' ? value.split(',') : value;
  }
  return filter;
}

/** The locale key of an action's label in the shared `audit` catalogue (keys hold no dots: i18next nests on them). */
export function auditActionKey(action: string): string {
  return `action_${action.replaceAll('.', '_')}`;
}

export function auditSubjectKey(subjectType: string): string {
  return `subject_${subjectType}`;
}
