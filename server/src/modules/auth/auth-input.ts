import type { z } from 'zod';
import { normaliseIdentity, type IdentityKind } from '@portal/shared/auth/identity';
import { AppError } from '../../lib/app-error';

export interface NormalisedIdentity {
  kind: IdentityKind;
  value: string;
}

/** A sign-in identity as stored (email lower-cased, mobile +86…), or the SPEC 8 message for a bad one. */
export function parseIdentity(raw: string): NormalisedIdentity {
  const identity = normaliseIdentity(raw);
  if (identity) return identity;
  throw new AppError(raw.includes('@') ? 'AUTH_INVALID_EMAIL' : 'AUTH_INVALID_IDENTITY');
}

/**
 * Parses an auth form with its shared schema. A bad field gets the message a user can act on,
 * checked in the order the login page shows them: identity first, then the captcha.
 */
export function parseAuthForm<TSchema extends z.ZodType>(schema: TSchema, body: unknown): z.output<TSchema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const failedFields = new Set(result.error.issues.map((issue) => issue.path[0]));
  if (failedFields.has('identity')) {
    const raw = (body as Record<string, unknown> | undefined)?.identity;
    throw new AppError(typeof raw === 'string' && raw.includes('@') ? 'AUTH_INVALID_EMAIL' : 'AUTH_INVALID_IDENTITY');
  }
  if (failedFields.has('captcha')) throw new AppError('AUTH_CAPTCHA_INVALID');
  throw new AppError('VALIDATION_FAILED');
}
