import { useMutation } from '@tanstack/react-query';
import type { Scope } from '@portal/shared/auth/scopes';
import { toInternationalMobile } from '@portal/shared/mobile/mobile-number';
import { VERIFICATION_CODE_RESEND_SECONDS, type VERIFICATION_PURPOSES } from '@portal/shared/auth/credentials';
import { formBody, request } from './request';

export interface SendCodeInput {
  identity: string;
  captcha: string;
  purpose: (typeof VERIFICATION_PURPOSES)[number];
  scope?: Scope;
}

export function sendCodeFields(input: SendCodeInput): URLSearchParams {
  return formBody({ identity: toInternationalMobile(input.identity), captcha: input.captcha, purpose: input.purpose, scope: input.scope });
}

/** POST /apis/auth/code; resolves with the seconds to wait before asking again. */
export async function sendCode(input: SendCodeInput): Promise<number> {
  const body = await request<{ resendAfterSeconds?: number } | null>('/auth/code', { method: 'POST', body: sendCodeFields(input) });
  return typeof body?.resendAfterSeconds === 'number' ? body.resendAfterSeconds : VERIFICATION_CODE_RESEND_SECONDS;
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode, meta: { handlesUnauthorized: true } });
}
