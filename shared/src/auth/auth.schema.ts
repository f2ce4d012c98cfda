import { z } from 'zod';
import { SCOPES } from './scopes';
import { VERIFICATION_PURPOSES } from './credentials';
import { hasControlCharacters } from '../text';

/** An email or mobile as typed; a control character (a NUL byte) is refused here, before any lookup. */
const ZIdentityField = z.string().trim().min(1).max(254).refine((value) => !hasControlCharacters(value));

export const ZScope = z.enum(SCOPES);

/** Form fields of POST /apis/auth/login; `password` is base64 of the UTF-8 text, or `code` for code login. */
export const ZLoginForm = z.object({
  identity: ZIdentityField,
  password: z.string().max(512).optional(),
  code: z.string().trim().max(16).optional(),
  captcha: z.string().max(4096).optional(),
  scope: ZScope,
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZSendCodeForm = z.object({
  identity: ZIdentityField,
  captcha: z.string().max(4096),
  purpose: z.enum(VERIFICATION_PURPOSES).default('login'),
  scope: ZScope.optional(),
});
export type TSendCodeForm = z.infer<typeof ZSendCodeForm>;

