import type { z } from 'zod';
import { isErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from './app-error';

/**
 * Parses input with a shared zod schema. The shared schemas use error codes as issue messages, so the
 * first failing rule becomes the AppError (its own translated message), and every failing field is listed.
 */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: isErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED',
  }));
  const first = fields[0]?.code;
  throw new AppError(isErrorCode(first) ? first : 'VALIDATION_FAILED', {}, fields);
}
