/**
 * Auto-approval rules (docs/decisions/0310-auto-approval-rules.md): the audience section's ordered rules that
 * approve a visitor application the moment it is submitted when every condition of one rule holds. A rule
 * only narrows: an empty list means "any" (any batch, any channel, any ID type); the face condition is a
 * minimum face-match score, never below the score that suggests the same person.
 */
import { z } from 'zod';
import { ID_TYPES } from '../application/id-number';
import type { ErrorCode } from '../errors/error-codes';
import { FACE_MATCH_SCORE } from '../media/photo-rules';
import { plainText } from '../text';

export const AUTO_APPROVAL_MAX_RULES = 20;
export const AUTO_APPROVAL_NAME_MAX_LENGTH = 60;
export const AUTO_APPROVAL_MAX_VALUES = 50;
export const AUTO_APPROVAL_BATCH_MAX_LENGTH = 64;
/** The lowest face-match score a rule may ask for: below it the two photos do not suggest the same person. */
export const AUTO_APPROVAL_MIN_FACE_SCORE = FACE_MATCH_SCORE;

const invalid = { message: 'AUTO_APPROVAL_RULE_INVALID' satisfies ErrorCode };

export const ZAutoApprovalRule = z.object({
  name: plainText('AUTO_APPROVAL_RULE_INVALID').trim().min(1, invalid).max(AUTO_APPROVAL_NAME_MAX_LENGTH, invalid),
  enabled: z.boolean(invalid),
  /** Activation codes of these batches only (the batch printed for invited buyers, say). */
  codeBatches: z.array(plainText('AUTO_APPROVAL_RULE_INVALID').trim().min(1, invalid).max(AUTO_APPROVAL_BATCH_MAX_LENGTH, invalid), invalid).max(AUTO_APPROVAL_MAX_VALUES, invalid),
  /** Applications that came through these channels only. */
  channelIds: z.array(z.uuid(invalid), invalid).max(AUTO_APPROVAL_MAX_VALUES, invalid),
  idTypes: z.array(z.enum(ID_TYPES, invalid), invalid).max(ID_TYPES.length, invalid),
  /** The entry-card and ID photos must match at least this much (0–1); null: the face is no condition. */
  minFaceScore: z.number(invalid).min(AUTO_APPROVAL_MIN_FACE_SCORE, invalid).max(1, invalid).nullable(),
});
export type TAutoApprovalRule = z.output<typeof ZAutoApprovalRule>;

/** The whole ordered list, saved at once: the first rule that matches decides. */
export const ZSaveAutoApprovalRulesInput = z.object({ rules: z.array(ZAutoApprovalRule, invalid).max(AUTO_APPROVAL_MAX_RULES, invalid) });
export type TSaveAutoApprovalRulesInput = z.output<typeof ZSaveAutoApprovalRulesInput>;

/** What a rule looks at in a submitted application. */
export interface AutoApprovalFacts {
  codeBatch: string | null;
  channelId: string | null;
  idType: (typeof ID_TYPES)[number];
  counterCheck: boolean;
  /** Null when unknown (the face check was busy) or not computed (the counter check). */
  faceMatchScore: number | null;
}

/**
 * Whether the rule approves an application with these facts. A visitor who chose the counter check has no
 * face score and is checked in person at the counter: the face condition holds for them, so the choice
 * costs them nothing (docs/decisions/0209-the-counter-check-instead-of-face-recognition.md).
 */
export function ruleMatches(rule: TAutoApprovalRule, facts: AutoApprovalFacts): boolean {
  if (!rule.enabled) return false;
  if (rule.codeBatches.length > 0 && (facts.codeBatch === null || !rule.codeBatches.includes(facts.codeBatch))) return false;
  if (rule.channelIds.length > 0 && (facts.channelId === null || !rule.channelIds.includes(facts.channelId))) return false;
  if (rule.idTypes.length > 0 && !rule.idTypes.includes(facts.idType)) return false;
  if (rule.minFaceScore !== null && !facts.counterCheck && (facts.faceMatchScore === null || facts.faceMatchScore < rule.minFaceScore)) return false;
  return true;
}
