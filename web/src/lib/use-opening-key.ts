import { useState } from 'react';

/**
 * A key that changes each time `open` turns true. A form dialog keyed with it starts every opening afresh:
 * antd's form store lives as long as the dialog component, and a store that held one opening's fields
 * (a company just created) gave the next opening (editing another) its leftovers instead of the record's
 * values — seen in the production build, where StrictMode's double mount no longer masked it.
 */
export function useOpeningKey(open: boolean): number {
  const [state, setState] = useState({ open, key: 0 });
  // Adjusted during render (React's pattern for state that follows a prop): React renders again at once, before committing.
  if (state.open !== open) setState({ open, key: open ? state.key + 1 : state.key });
  return state.key;
}
