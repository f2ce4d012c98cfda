import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_STATE_ATTRIBUTE, trackReadiness, useBusyMark } from './readiness';

function Busy({ active = true }: { active?: boolean }) {
  useBusyMark(active);
  return null;
}

describe('the app readiness signal', () => {
  const root = document.documentElement;
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());
  const state = () => root.getAttribute(APP_STATE_ATTRIBUTE);

  it('is busy while a query fetches, in the same task as the fetch starts and ends', async () => {
    const client = new QueryClient();
    stop = trackReadiness(client);
    expect(state()).toBe('idle');
    let answer: (value: string) => void = () => undefined;
    const fetching = client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    expect(state()).toBe('busy');
    answer('done');
    await fetching;
    expect(state()).toBe('idle');
  });

  it('is busy while a mutation runs', async () => {
    const client = new QueryClient();
    stop = trackReadiness(client);
    let finish: () => void = () => undefined;
    const running = client
      .getMutationCache()
      .build(client, { mutationFn: () => new Promise<void>((resolve) => (finish = resolve)) })
      .execute(undefined);
    await Promise.resolve();
    expect(state()).toBe('busy');
    finish();
    await running;
    expect(state()).toBe('idle');
  });

  it('is busy while a loading screen is mounted or an upload is active, and idle once they are gone', () => {
    stop = trackReadiness(new QueryClient());
    const view = render(<Busy />);
    expect(state()).toBe('busy');
    act(() => view.rerender(<Busy active={false} />));
    expect(state()).toBe('idle');
    act(() => view.rerender(<Busy />));
    expect(state()).toBe('busy');
    view.unmount();
    expect(state()).toBe('idle');
  });

  it('says nothing once the app is gone', () => {
    trackReadiness(new QueryClient())();
    expect(state()).toBeNull();
  });
});
