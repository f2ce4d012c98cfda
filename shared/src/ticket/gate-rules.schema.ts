/**
 * What the organizer sets per ticket kind for the gates (project settings, DESIGN §6 "Tickets and badges",
 * "Pass-back"): whether its QR rotates, and when a second entry is allowed. The decision record is
 * docs/decisions/0521-rotating-ticket-qr-and-pass-back.md.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { QR_PERIOD_MAX_SECONDS, QR_PERIOD_MIN_SECONDS } from './rotating-code';
import { TICKET_KINDS, type TicketKind } from './ticket.schema';

const code = (value: ErrorCode) => ({ message: value });

/**
 * UNLIMITED: any number of entries. COOLDOWN: no second entry within `cooldownMinutes` of the last, at
 * any gate. EXIT_FIRST: on a day, a second entry only after an exit device scanned the ticket.
 */
export const REENTRY_POLICIES = ['UNLIMITED', 'COOLDOWN', 'EXIT_FIRST'] as const;
export type ReentryPolicy = (typeof REENTRY_POLICIES)[number];
/**
 * The kinds whose QR may rotate: those whose holder shows it live on a signed-in page (the visitor's ticket
 * page). Badges are looked up on the public /ticket page and printed, imported tickets are printed: static.
 */
export const ROTATABLE_KINDS: readonly TicketKind[] = ['VISITOR'];
export const COOLDOWN_MIN_MINUTES = 1;
/** Half a day: a longer wait is a one-entry-a-day rule, which EXIT_FIRST or the ticket's days express. */
export const COOLDOWN_MAX_MINUTES = 720;

export interface TicketGateRule {
  rotating: boolean;
  reentry: ReentryPolicy;
  /** COOLDOWN's minutes; null for the other policies. */
  cooldownMinutes: number | null;
}
export type TicketGateRules = Record<TicketKind, TicketGateRule>;

/** Visitor tickets rotate; badges and imported tickets are often printed, and stay static. Re-entry as before: unlimited. */
export const DEFAULT_TICKET_GATE_RULES: TicketGateRules = {
  VISITOR: { rotating: true, reentry: 'UNLIMITED', cooldownMinutes: null },
  BADGE: { rotating: false, reentry: 'UNLIMITED', cooldownMinutes: null },
  IMPORTED: { rotating: false, reentry: 'UNLIMITED', cooldownMinutes: null },
};

export const ZQrPeriodSeconds = z
  .number(code('PROJECT_QR_PERIOD_INVALID'))
  .int(code('PROJECT_QR_PERIOD_INVALID'))
  .min(QR_PERIOD_MIN_SECONDS, code('PROJECT_QR_PERIOD_INVALID'))
  .max(QR_PERIOD_MAX_SECONDS, code('PROJECT_QR_PERIOD_INVALID'));

const ZTicketGateRuleInput = z
  .object({
    kind: z.enum(TICKET_KINDS),
    rotating: z.boolean(),
    reentry: z.enum(REENTRY_POLICIES),
    cooldownMinutes: z
      .number(code('PROJECT_COOLDOWN_INVALID'))
      .int(code('PROJECT_COOLDOWN_INVALID'))
      .min(COOLDOWN_MIN_MINUTES, code('PROJECT_COOLDOWN_INVALID'))
      .max(COOLDOWN_MAX_MINUTES, code('PROJECT_COOLDOWN_INVALID'))
      .nullish(),
  })
  .superRefine((rule, context) => {
    if (rule.rotating && !ROTATABLE_KINDS.includes(rule.kind)) context.addIssue({ code: 'custom', path: ['rotating'], message: 'PROJECT_GATE_RULES_INVALID' });
    if (rule.reentry === 'COOLDOWN' && rule.cooldownMinutes == null) context.addIssue({ code: 'custom', path: ['cooldownMinutes'], message: 'PROJECT_COOLDOWN_INVALID' });
  });

/** One rule per kind, each kind once; read into the stored shape (a cooldown kept only with COOLDOWN). */
export const ZTicketGateRulesInput = z
  .array(ZTicketGateRuleInput)
  .refine((rules) => rules.length === TICKET_KINDS.length && new Set(rules.map((rule) => rule.kind)).size === TICKET_KINDS.length, code('PROJECT_GATE_RULES_INVALID'))
  .transform(
    (rules): TicketGateRules =>
      Object.fromEntries(
        rules.map((rule) => [rule.kind, { rotating: rule.rotating, reentry: rule.reentry, cooldownMinutes: rule.reentry === 'COOLDOWN' ? (rule.cooldownMinutes ?? null) : null }]),
      ) as TicketGateRules,
  );

/**
 * The gate rules saved alone (their card on /wo/project/info): at the settings' version like the whole save, but
 * not held to the day rules, which a show's days may break once today is past its first day.
 */
export const ZSaveGateRulesInput = z.object({
  version: z.number().int().min(0),
  qrPeriodSeconds: ZQrPeriodSeconds,
  ticketRules: ZTicketGateRulesInput,
});
export type TSaveGateRulesInput = z.output<typeof ZSaveGateRulesInput>;

/** The stored rules as a list in the kinds' order (the GraphQL and form shape). */
export function gateRuleList(rules: TicketGateRules): Array<TicketGateRule & { kind: TicketKind }> {
  return TICKET_KINDS.map((kind) => ({ kind, ...rules[kind] }));
}

/** The stored rules (a jsonb column) completed with the defaults for any kind it lacks. */
export function gateRulesOf(stored: Partial<Record<string, TicketGateRule>> | null | undefined): TicketGateRules {
  return Object.fromEntries(TICKET_KINDS.map((kind) => [kind, stored?.[kind] ?? DEFAULT_TICKET_GATE_RULES[kind]])) as TicketGateRules;
}
