import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import errors from '@portal/shared/locales/en-US/errors.json';
import application from '../../../locales/en-US/application.json';
import common from '../../../locales/en-US/common.json';
import photo from '../../../locales/en-US/photo.json';
import { ApplicationForm } from './application-form';

const OPEN_DAY = '2099-05-01';
const FULL_DAY = '2099-05-02';
const options = {
  showDays: [
    { day: OPEN_DAY, capacity: 100, remaining: 40, deadline: '2099-04-30T16:00:00.000Z' },
    { day: FULL_DAY, capacity: 10, remaining: 0, deadline: '2099-05-01T16:00:00.000Z' },
  ],
  channels: [{ id: '33333333-3333-4333-8333-333333333333', name: 'Friends' }],
  setting: { audienceRegOpen: true, audienceUpdateDeadline: null },
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { application, errors, common, photo } },
    showSupportNotice: false,
  } as Parameters<typeof i18next.init>[0]);
  // jsdom lays nothing out; the form scrolls the first wrong field into view before focusing it.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

function renderForm() {
  const onSubmitted = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApplicationForm options={options} initialValues={{ name: '', mobile: '', email: '' }} heldDays={[]} draftKey="test.application-draft" onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return { onSubmitted };
}

/** The error text a control points at (aria-describedby), or undefined when it points at none shown. */
function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}

describe('the application form without antd', () => {
  it('refuses an empty submission at each field, focuses the first, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { onSubmitted } = renderForm();
    fireEvent.click(screen.getByTestId('application-submit'));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toBe(errors.AUDIENCE_NAME_REQUIRED);
    expect(errorOf(screen.getByRole('textbox', { name: 'Email' }))).toBe(errors.AUDIENCE_EMAIL_REQUIRED);
    expect(errorOf(screen.getByRole('combobox', { name: 'ID type' }))).toBe(errors.AUDIENCE_ID_TYPE_REQUIRED);
    expect(errorOf(screen.getByRole('group', { name: 'Visit dates' }))).toBe(errors.VISIT_DATE_REQUIRED);
    expect(errorOf(screen.getByTestId('application-consent'))).toBe(errors.AUDIENCE_CONSENT_REQUIRED);
    expect(fetch).not.toHaveBeenCalled();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('checks a typed field when it is left, with the shared rule', async () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'R2D2 2026' } });
    expect(errorOf(name)).toBeUndefined();
    fireEvent.blur(name);
    await waitFor(() => expect(errorOf(name)).toBe(errors.AUDIENCE_NAME_INVALID));
    // Once wrong, the field is checked again as it changes.
    fireEvent.change(name, { target: { value: '张三' } });
    await waitFor(() => expect(errorOf(name)).toBeUndefined());
  });

  it('asks the birth date only for a non-mainland ID, and explains the mainland number', () => {
    renderForm();
    const idType = screen.getByRole('combobox', { name: 'ID type' });
    fireEvent.change(idType, { target: { value: 'MAINLAND_ID' } });
    expect(screen.getByText(application.hints.mainlandId)).toBeTruthy();
    expect(screen.queryByTestId('application-birth-date')).toBeNull();
    fireEvent.change(idType, { target: { value: 'PASSPORT' } });
    expect(screen.getByTestId('application-birth-date')).toBeTruthy();
  });

  it('offers a full day without letting it be chosen, and upper-cases the activation code', () => {
    renderForm();
    const full = screen.getByTestId(`application-visit-date-${FULL_DAY}`) as HTMLInputElement;
    expect(full.getAttribute('data-state')).toBe('full');
    expect(full.disabled).toBe(true);
    const code = screen.getByTestId('application-activation-code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'mx-ab12-cd34' } });
    expect(code.value).toBe('MX-AB12-CD34');
  });
});
