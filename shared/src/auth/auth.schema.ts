import { z } from 'zod';
import { SCOPES } from './scopes';
import { VERIFICATION_PURPOSES } from './credentials';

export const ZScope = z.enum(SCOPES);

/** Form fields of POST /apis/auth/login; `password` is base64 of the UTF-8 text, or `code` for code login. */
export const ZLoginForm = z.object({
  identity: z.string().trim().min(1).max(254),
  password: z.string().max(512).optional(),
  code: z.string().trim().max(16).optional(),
  captcha: z.string().max(4096).optional(),
  scope: ZScope,
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZSendCodeForm = z.object({
  identity: z.string().trim().min(1).max(254),
  captcha: z.string().max(4096),
  purpose: z.enum(VERIFICATION_PURPOSES).default('login'),
  scope: ZScope.optional(),
});
export type TSendCodeForm = z.infer<typeof ZSendCodeForm>;

