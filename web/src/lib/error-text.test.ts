import { describe, expect, it } from 'vitest';
import { errorText, type ErrorTranslator } from './error-text';
import { RequestError } from './request';

const catalogue: Record<string, string> = {
  'errors:AUTH_WRONG_PASSWORD': '密码错误',
  'errors:AUTH_TOO_MANY_ATTEMPTS': '尝试次数过多，请 {{minutes}} 分钟后再试',
  'errors:INTERNAL': '出错了，请稍后再试',
};
const translator: ErrorTranslator = {
  t: (key) => catalogue[key] ?? key,
  exists: (key) => key in catalogue,
  template: (key) => catalogue[key],
};

describe('errorText', () => {
  it('translates a known code from the errors namespace', () => {
    expect(errorText(new RequestError({ message: 'Wrong password', reason: 'BAD_REQUEST', code: 'AUTH_WRONG_PASSWORD', status: 400 }), translator)).toBe('密码错误');
  });
  it("keeps the server's translated message when the text needs values", () => {
    expect(errorText({ reason: 'FORBIDDEN', code: 'AUTH_TOO_MANY_ATTEMPTS', message: '尝试次数过多，请 15 分钟后再试' }, translator)).toBe('尝试次数过多，请 15 分钟后再试');
  });
  it('shows the server message for an unknown code', () => {
    expect(errorText({ errors: [{ message: '登记已关闭', extensions: { classification: 'BAD_REQUEST', code: 'REGISTRATION_CLOSED' } }] }, translator)).toBe('登记已关闭');
  });
  it('shows the generic message for a network failure', () => {
    expect(errorText(new TypeError('Failed to fetch'), translator)).toBe('出错了，请稍后再试');
  });
});
