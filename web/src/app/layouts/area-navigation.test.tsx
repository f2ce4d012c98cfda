import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectedMenuKey, type MenuEntry } from './area-layout';
import { AreaNavigation } from './area-navigation';

// Without resources a text is its key: the entries are named by their label keys below.
beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: {}, showSupportNotice: false } as Parameters<typeof i18next.init>[0]);
});
afterEach(cleanup);

const MENU: MenuEntry[] = [
  { path: '/wo/audience/list', match: '/wo/audience', labelKey: 'audience' },
  {
    path: '/wo/exhibitor',
    labelKey: 'exhibitor',
    children: [
      { path: '/wo/exhibitor/list', labelKey: 'exhibitorList' },
      { path: '/wo/exhibitor/product/list', match: '/wo/exhibitor/product', labelKey: 'productList' },
    ],
  },
  { path: '/wo/system', labelKey: 'system', children: [{ path: '/wo/system/staff', labelKey: 'staff' }] },
];

function renderNavigation(pathname: string, onNavigate = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <AreaNavigation menu={MENU} selected={selectedMenuKey(MENU, pathname)} onNavigate={onNavigate} />
    </MemoryRouter>,
  );
  return onNavigate;
}

describe('selectedMenuKey', () => {
  it('selects the entry whose prefix matches the longest, inside groups too', () => {
    expect(selectedMenuKey(MENU, '/wo/audience/list')).toBe('/wo/audience/list');
    expect(selectedMenuKey(MENU, '/wo/audience/detail/7')).toBe('/wo/audience/list');
    expect(selectedMenuKey(MENU, '/wo/exhibitor/product/42')).toBe('/wo/exhibitor/product/list');
    expect(selectedMenuKey(MENU, '/wo/exhibitor/list')).toBe('/wo/exhibitor/list');
  });

  it('selects nothing outside the menu, nor for a mere common start of a path segment', () => {
    expect(selectedMenuKey(MENU, '/wo/settings')).toBeUndefined();
    expect(selectedMenuKey(MENU, '/wo/audiences')).toBeUndefined();
  });
});

describe('AreaNavigation', () => {
  it('is a navigation landmark marking the current page, with the group holding it open and the others closed', () => {
    renderNavigation('/wo/exhibitor/product/42');
    const navigation = screen.getByRole('navigation', { name: 'nav.label' });
    expect(navigation).toBeTruthy();
    expect(screen.getByRole('link', { name: 'productList' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'audience' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'exhibitor' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'system' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'staff' })).toBeNull();
  });

  it('opens and closes a group with its button', () => {
    renderNavigation('/wo/audience/list');
    const system = screen.getByRole('button', { name: 'system' });
    fireEvent.click(system);
    expect(system.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'staff' }).getAttribute('href')).toBe('/wo/system/staff');
    fireEvent.click(system);
    expect(system.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'staff' })).toBeNull();
  });

  it('tells when an entry is followed (the side sheet closes)', () => {
    const onNavigate = renderNavigation('/wo/system/staff');
    fireEvent.click(screen.getByRole('link', { name: 'audience' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});
