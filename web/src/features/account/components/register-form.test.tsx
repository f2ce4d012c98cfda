import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth from '../../../locales/en-US/auth.json';
import common from '../../../locales/en-US/common.json';
import errors from '@portal/shared/locales/en-US/errors.json';
import visitor from '../../../locales/en-US/visitor.json';
import { RegisterForm } from './register-form';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { auth, common, errors, visitor } },
    defaultNS: 'common',
    showSupportNotice: false,
  } as Parameters<typeof i18next.init>[0]);
  // jsdom lays nothing out and has no scrollIntoView; the form brings the first wrong field into view with it.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

function renderForm(onRegistered = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegisterForm onRegistered={onRegistered} />
    </QueryClientProvider>,
  );
  return onRegistered;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** The error read out for the input: the text its aria-describedby points to, shown as an alert. */
function errorOf(testId: string): string | undefined {
  const ids = input(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert');
  return alert?.textContent ?? undefined;
}

describe('visitor registration form without antd (SPEC 5)', () => {
  it('an empty submission shows every field error at its field and focuses the first; nothing is sent', () => {
    const onRegistered = renderForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(errorOf('register-identity')).toBe(visitor.register.mobile.required);
    expect(errorOf('register-code')).toBe(errors.AUTH_CODE_REQUIRED);
    expect(errorOf('register-name')).toBe(visitor.register.name.required);
    expect(errorOf('register-password')).toBe(errors.PASSWORD_TOO_WEAK);
    expect(errorOf('register-password-confirm')).toBe(visitor.register.password.confirmRequired);
    expect(input('register-identity').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('register-identity'));
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('the identity is checked when left; the mobile help text stays described', () => {
    renderForm();
    fireEvent.change(input('register-identity'), { target: { value: '1380000000' } });
    expect(errorOf('register-identity')).toBeUndefined();
    fireEvent.blur(input('register-identity'));
    expect(errorOf('register-identity')).toBe(visitor.register.mobile.invalid);
    const describedBy = input('register-identity').getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([visitor.register.mobile.invalid, visitor.register.mobile.extra]);
    fireEvent.change(input('register-identity'), { target: { value: '13800000000' } });
    expect(errorOf('register-identity')).toBeUndefined();
  });

  it('switching to email empties the identity and its error, and checks an email', () => {
    renderForm();
    fireEvent.blur(input('register-identity'));
    expect(errorOf('register-identity')).toBe(visitor.register.mobile.required);
    fireEvent.click(screen.getByTestId('register-method-email'));
    expect(input('register-identity').value).toBe('');
    expect(input('register-identity').type).toBe('email');
    expect(errorOf('register-identity')).toBeUndefined();
    fireEvent.change(input('register-identity'), { target: { value: 'visitor@example' } });
    fireEvent.blur(input('register-identity'));
    expect(errorOf('register-identity')).toBe(errors.AUTH_INVALID_EMAIL);
  });

  it('the name follows the shared rule; the confirmation is checked again when the password changes', () => {
    renderForm();
    fireEvent.change(input('register-name'), { target: { value: 'Visitor 3' } });
    expect(errorOf('register-name')).toBe(errors.AUDIENCE_NAME_INVALID);
    fireEvent.change(input('register-name'), { target: { value: '张三' } });
    expect(errorOf('register-name')).toBeUndefined();
    fireEvent.change(input('register-password'), { target: { value: 'Visitor12345' } });
    expect(errorOf('register-password')).toBeUndefined();
    fireEvent.change(input('register-password-confirm'), { target: { value: 'Visitor1234' } });
    expect(errorOf('register-password-confirm')).toBe(errors.PASSWORD_MISMATCH);
    fireEvent.change(input('register-password'), { target: { value: 'Visitor1234' } });
    expect(errorOf('register-password-confirm')).toBeUndefined();
  });
});
