import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { flashOnNextScreen, useFlashNotice } from './flash-notice';

function Screen() {
  const [said, setSaid] = useState<string[]>([]);
  useFlashNotice((text) => setSaid((texts) => [...texts, text]));
  return <span data-testid="said">{said.join('|')}</span>;
}

describe('useFlashNotice', () => {
  afterEach(cleanup);

  it('says the confirmation the previous screen left, once: the screen after it says nothing', async () => {
    flashOnNextScreen('Erased');
    render(<Screen />);
    expect((await screen.findByTestId('said')).textContent).toBe('Erased');
    cleanup();
    render(<Screen />);
    expect((await screen.findByTestId('said')).textContent).toBe('');
  });
});
