import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { flashState, useFlashNotice } from './flash-notice';

function Screen() {
  const [said, setSaid] = useState<string[]>([]);
  useFlashNotice((text) => setSaid((texts) => [...texts, text]));
  const location = useLocation();
  return (
    <p>
      <span data-testid="said">{said.join('|')}</span>
      <span data-testid="state">{JSON.stringify(location.state)}</span>
    </p>
  );
}

describe('useFlashNotice', () => {
  afterEach(cleanup);

  it('shows the confirmation the history entry carries once, then clears it from the entry', async () => {
    const router = createMemoryRouter([{ path: '/login', element: <Screen /> }], { initialEntries: [{ pathname: '/login', search: '?scope=audience', state: flashState('Erased') }] });
    render(<RouterProvider router={router} />);
    await screen.findByText('null');
    expect(screen.getByTestId('said').textContent).toBe('Erased');
    expect(router.state.location.search).toBe('?scope=audience');
  });

  it('says nothing for an entry without one', async () => {
    const router = createMemoryRouter([{ path: '/login', element: <Screen /> }], { initialEntries: ['/login'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('said')).textContent).toBe('');
  });
});
