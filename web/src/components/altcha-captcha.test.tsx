import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import auth from '../locales/en-US/auth.json';
import { AltchaCaptcha } from './altcha-captcha';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { auth } }, defaultNS: 'auth', showSupportNotice: false } as Parameters<typeof i18next.init>[0]);
});
afterEach(cleanup);

describe('the captcha in a form', () => {
  it("turns the form's native validation off: the widget's required checkbox never blocks a press while it solves", () => {
    render(
      <form data-testid="form">
        <AltchaCaptcha ref={null} />
      </form>,
    );
    expect((screen.getByTestId('form') as HTMLFormElement).noValidate).toBe(true);
  });

  it('shows the idle widget, its checkbox and label, before its code has loaded', () => {
    render(<AltchaCaptcha ref={null} />);
    expect(customElements.get('altcha-widget')).toBeUndefined();
    expect(screen.getByTestId('captcha').querySelector('.captcha-placeholder')?.textContent).toBe(auth.captcha.label);
  });
});
