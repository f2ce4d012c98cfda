import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXHIBITOR_STATUSES } from '@portal/shared/exhibitor/exhibitor.schema';
import { ExhibitorStatusTag } from './exhibitor-status-tag';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'exhibitor-account': { status: { PENDING: 'Awaiting approval', ACTIVE: 'Approved', DISABLED: 'Disabled' } } } },
    showSupportNotice: false,
  } as Parameters<typeof i18next.init>[0]);
});
afterEach(cleanup);

describe('a company’s state tag', () => {
  it('names each state and colours a wait gold, an approval green and a disabled company grey', () => {
    const colours = Object.fromEntries(
      EXHIBITOR_STATUSES.map((status) => {
        render(<ExhibitorStatusTag status={status} />);
        const tag = screen.getAllByTestId('exhibitor-status').at(-1);
        expect(tag?.dataset.status).toBe(status);
        // antd names a preset colour in the tag's class: ant-tag-gold, ant-tag-green, ant-tag-default.
        const colour = Array.from(tag?.classList ?? []).find((name) => /^ant-tag-(gold|green|default|red|blue)$/.test(name));
        return [status, [tag?.textContent, colour]];
      }),
    );
    expect(colours).toEqual({ PENDING: ['Awaiting approval', 'ant-tag-gold'], ACTIVE: ['Approved', 'ant-tag-green'], DISABLED: ['Disabled', 'ant-tag-default'] });
  });
});
