import { configure } from '@testing-library/react';

// What jsdom lacks and the app asks for, filled in once for every web test (not for those that run in node).

// No media queries: a wide screen with a mouse (antd's responsive observer and dialogs, the phone layouts and the
// photo field's camera button ask for them).
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// `waitFor` and `findBy…` wait for a condition; their limit is only a hang guard (docs/decisions/0020), so a busy
// machine (the whole suite beside the journeys' browsers) is given time instead of failing a form that focuses late.
configure({ asyncUtilTimeout: 15_000 });
