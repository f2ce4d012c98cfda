/**
 * The visitor's name rule without zod, so that the registration screen does not load a schema library;
 * `ZVisitorName` (application.schema.ts) checks with it, so the form and the server share one rule.
 */
import type { ErrorCode } from '../errors/error-codes';
import { NAME_MAX_LENGTH } from './application-limits';

/** Chinese names with the middle dot, Latin names with spaces, hyphens and apostrophes. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}·.'\- ]*$/u;

/** The error code of a visitor's name (given trimmed), or undefined when it is right. */
export function visitorNameProblem(name: string): Extract<ErrorCode, 'AUDIENCE_NAME_REQUIRED' | 'AUDIENCE_NAME_INVALID'> | undefined {
  if (!name) return 'AUDIENCE_NAME_REQUIRED';
  return name.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(name) ? undefined : 'AUDIENCE_NAME_INVALID';
}
