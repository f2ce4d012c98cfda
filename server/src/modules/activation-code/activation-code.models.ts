import type { activationCodes } from './activation-code.tables';

export type ActivationCodeModel = typeof activationCodes.$inferSelect;
export type ActivationCodeStatus = ActivationCodeModel['status'];
/** What the organizers' list filters on; `boundIds` are the codes of applicants matching the keyword. */
export interface ActivationCodeConditions {
  status?: ActivationCodeStatus | null;
  batch?: string | null;
  codePrefix?: string | null;
  boundIds?: readonly string[];
}
