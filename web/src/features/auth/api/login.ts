import { useMutation } from '@tanstack/react-query';
import type { Scope } from '@portal/shared/auth/scopes';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { toInternationalMobile } from '@portal/shared/mobile/mobile-number';
import { formBody, request } from '../../../lib/request';

export interface LoginInput {
  identity: string;
  /** Plain text; sent base64-encoded. */
  password?: string;
  code?: string;
  captcha: string;
  scope: Scope;
}

/** The form fields of POST /apis/auth/login: the mobile in +86 form, the password base64-encoded. */
export function loginFields(input: LoginInput): URLSearchParams {
  return formBody({
    identity: toInternationalMobile(input.identity),
    password: input.password === undefined ? undefined : encodePasswordForTransport(input.password),
    code: input.code?.trim(),
    captcha: input.captcha,
    scope: input.scope,
  });
}

export function login(input: LoginInput): Promise<{ scope: Scope }> {
  return request<{ scope: Scope }>('/auth/login', { method: 'POST', body: loginFields(input) });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { handlesUnauthorized: true } });
}
