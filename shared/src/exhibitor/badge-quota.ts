import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';

/**
 * Badge quotas (docs/decisions/0417-badge-quotas.md): a company's badge limit follows from its booth — area and
 * type — through the organizer's rule for that type, unless an organizer overrides it with a reason; paid extra
 * badges add to either. One computation, used by the server (which stores the result as `credential_limit`) and
 * by the pages that explain it.
 */

/** How a stand is sold: bare floor by the square metre, the standard shell booth, a corner and an island stand. */
export const BOOTH_TYPES = ['RAW_SPACE', 'SHELL_SCHEME', 'CORNER', 'ISLAND'] as const;
export type BoothType = (typeof BOOTH_TYPES)[number];

/** A company whose booth type is not known yet (a fresh self-registration) is counted as one standard shell booth. */
export const BOOTH_TYPE_WHEN_UNKNOWN: BoothType = 'SHELL_SCHEME';

/** Square metres, two decimals: far above the largest hall of a show, guards against a typo. */
export const BOOTH_AREA_MAX = 100_000;
/** Far above any stand's staff; guards against a typo of three extra zeros (a company's limit, a rule's bounds). */
export const CREDENTIAL_LIMIT_MAX = 5000;
export const LIMIT_OVERRIDE_REASON_MAX_LENGTH = 200;
/** At most this many extra badges in one order. */
export const EXTRA_BADGES_PER_ORDER_MAX = 200;
export const EXTRA_BADGE_NOTE_MAX_LENGTH = 200;
export const EXTRA_BADGE_REASON_MAX_LENGTH = 200;
export const EXTRA_BADGE_ORDER_PAGE_SIZE_MAX = 100;
/** The exhibitor's page lists its latest orders. */
export const OWN_EXTRA_BADGE_ORDERS_SHOWN = 50;

/** An order waits OPEN until the organizer marks it PAID (it adds to the limit) or REFUSED; the company may CANCEL it while OPEN. */
export const EXTRA_BADGE_ORDER_STATUSES = ['OPEN', 'PAID', 'REFUSED', 'CANCELLED'] as const;
export type ExtraBadgeOrderStatus = (typeof EXTRA_BADGE_ORDER_STATUSES)[number];
export const EXTRA_BADGE_DECISIONS = ['PAID', 'REFUSED'] as const;

/** One badge per `areaPerBadge` square metres of the stand, at least `minimum`, at most `maximum` when set. */
export interface BoothQuotaRule {
  boothType: BoothType;
  areaPerBadge: number;
  minimum: number;
  maximum: number | null;
}

/** What a company's limit is made of. */
export interface BadgeQuotaInput {
  boothArea: number | null;
  boothType: BoothType | null;
  limitOverride: number | null;
  paidExtra: number;
}

/** How a limit was reached: the rule's steps, or the organizer's override, then the paid extras. */
export type BadgeQuotaBreakdown = {
  boothArea: number | null;
  boothType: BoothType | null;
  paidExtra: number;
  limit: number;
} & (
  | {
      source: 'RULE';
      rule: BoothQuotaRule;
      /** floor(area / areaPerBadge); null when the area is not known (the minimum applies). */
      byArea: number | null;
      base: number;
    }
  | { source: 'OVERRIDE'; base: number }
);

/** Hundredths of a square metre, so that 0.3 / 0.1 is 3 and not 2.999…. */
const hundredths = (value: number) => Math.round(value * 100);

/** The rule's value for a stand: floor(area / areaPerBadge) within [minimum, maximum]; the minimum when the area is unknown. */
export function ruleValue(rule: BoothQuotaRule, boothArea: number | null): { byArea: number | null; base: number } {
  const byArea = boothArea === null ? null : Math.floor(hundredths(boothArea) / hundredths(rule.areaPerBadge));
  const atLeast = Math.max(byArea ?? rule.minimum, rule.minimum);
  return { byArea, base: rule.maximum === null ? atLeast : Math.min(atLeast, rule.maximum) };
}

/** The rule that applies to a company: its booth type's, or the standard booth's when the type is unknown. */
export function ruleFor(rules: readonly BoothQuotaRule[], boothType: BoothType | null): BoothQuotaRule {
  const type = boothType ?? BOOTH_TYPE_WHEN_UNKNOWN;
  const rule = rules.find((candidate) => candidate.boothType === type);
  if (!rule) throw new Error(`no badge quota rule for ${type}`);
  return rule;
}

/** A company's limit and how it was reached: (override, or the rule's value for its stand) + paid extra badges. */
export function badgeQuota(rules: readonly BoothQuotaRule[], input: BadgeQuotaInput): BadgeQuotaBreakdown {
  const common = { boothArea: input.boothArea, boothType: input.boothType, paidExtra: input.paidExtra };
  if (input.limitOverride !== null) return { ...common, source: 'OVERRIDE', base: input.limitOverride, limit: input.limitOverride + input.paidExtra };
  const rule = ruleFor(rules, input.boothType);
  const { byArea, base } = ruleValue(rule, input.boothArea);
  return { ...common, source: 'RULE', rule, byArea, base, limit: base + input.paidExtra };
}

const code = (value: ErrorCode) => ({ message: value });

/** Square metres with at most two decimals, above 0. */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const zArea = (problem: ErrorCode) =>
  z
    .number(code(problem))
    .gt(0, code(problem))
    .max(BOOTH_AREA_MAX, code(problem))
    .refine(twoDecimals, code(problem))
    .transform((value) => Math.round(value * 100) / 100);

export const ZBoothArea = zArea('EXHIBITOR_AREA_INVALID');
export const ZBoothType = z.enum(BOOTH_TYPES, code('EXHIBITOR_BOOTH_TYPE_INVALID'));
export const ZLimitOverride = z.number(code('EXHIBITOR_LIMIT_INVALID')).int(code('EXHIBITOR_LIMIT_INVALID')).min(0, code('EXHIBITOR_LIMIT_INVALID')).max(CREDENTIAL_LIMIT_MAX, code('EXHIBITOR_LIMIT_INVALID'));
export const ZLimitOverrideReason = plainText('EXHIBITOR_OVERRIDE_REASON_REQUIRED')
  .trim()
  .max(LIMIT_OVERRIDE_REASON_MAX_LENGTH, code('EXHIBITOR_OVERRIDE_REASON_REQUIRED'))
  .nullish()
  .transform((value) => (value ? value : null));

/** The booth and the override as the company form sends them: an override needs its reason; none clears both. */
export const ZCompanyQuotaFields = z.object({
  boothArea: ZBoothArea.nullish().transform((value) => value ?? null),
  boothType: ZBoothType.nullish().transform((value) => value ?? null),
  limitOverride: ZLimitOverride.nullish().transform((value) => value ?? null),
  limitOverrideReason: ZLimitOverrideReason,
});
export type TCompanyQuotaFields = z.output<typeof ZCompanyQuotaFields>;

/** An override without a reason is refused at the reason; a reason without an override is dropped. */
export function refineOverrideReason(input: TCompanyQuotaFields, context: z.RefinementCtx) {
  if (input.limitOverride !== null && !input.limitOverrideReason) context.addIssue({ code: 'custom', path: ['limitOverrideReason'], message: 'EXHIBITOR_OVERRIDE_REASON_REQUIRED' satisfies ErrorCode });
}

const zCount = (problem: ErrorCode) => z.number(code(problem)).int(code(problem)).min(0, code(problem)).max(CREDENTIAL_LIMIT_MAX, code(problem));

/** The organizer's rule for one booth type. */
export const ZSaveBoothQuotaRuleInput = z
  .object({
    boothType: ZBoothType,
    areaPerBadge: zArea('BOOTH_QUOTA_AREA_INVALID'),
    minimum: zCount('BOOTH_QUOTA_MINIMUM_INVALID'),
    maximum: zCount('BOOTH_QUOTA_MAXIMUM_INVALID')
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((rule) => rule.maximum === null || rule.maximum >= rule.minimum, { path: ['maximum'], ...code('BOOTH_QUOTA_MAXIMUM_INVALID') });
export type TSaveBoothQuotaRuleInput = z.output<typeof ZSaveBoothQuotaRuleInput>;

/** The exhibitor orders extra badges (paid outside the portal; the organizer marks the order paid). */
export const ZOrderExtraBadgesInput = z.object({
  quantity: z.number(code('EXTRA_BADGE_QUANTITY_INVALID')).int(code('EXTRA_BADGE_QUANTITY_INVALID')).min(1, code('EXTRA_BADGE_QUANTITY_INVALID')).max(EXTRA_BADGES_PER_ORDER_MAX, code('EXTRA_BADGE_QUANTITY_INVALID')),
  note: plainText('VALIDATION_FAILED')
    .trim()
    .max(EXTRA_BADGE_NOTE_MAX_LENGTH, code('VALIDATION_FAILED'))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type TOrderExtraBadgesInput = z.output<typeof ZOrderExtraBadgesInput>;

/** The organizer's decision: PAID adds the badges to the limit; REFUSED needs a reason. */
export const ZDecideExtraBadgeOrderInput = z
  .object({
    id: z.uuid(code('NOT_FOUND')),
    decision: z.enum(EXTRA_BADGE_DECISIONS, code('VALIDATION_FAILED')),
    reason: plainText('EXTRA_BADGE_REASON_REQUIRED')
      .trim()
      .max(EXTRA_BADGE_REASON_MAX_LENGTH, code('EXTRA_BADGE_REASON_REQUIRED'))
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine((input) => input.decision !== 'REFUSED' || !!input.reason, { path: ['reason'], ...code('EXTRA_BADGE_REASON_REQUIRED') });
export type TDecideExtraBadgeOrderInput = z.output<typeof ZDecideExtraBadgeOrderInput>;

/** The organizer's list of orders: one state (OPEN by default on the page), paged on the server. */
export const ZExtraBadgeOrderListInput = z.object({
  status: z.enum(EXTRA_BADGE_ORDER_STATUSES, code('VALIDATION_FAILED')).nullish(),
  page: z.number(code('VALIDATION_FAILED')).int().min(1).default(1),
  pageSize: z.number(code('VALIDATION_FAILED')).int().min(1).max(EXTRA_BADGE_ORDER_PAGE_SIZE_MAX).default(20),
});
export type TExtraBadgeOrderListInput = z.output<typeof ZExtraBadgeOrderListInput>;
