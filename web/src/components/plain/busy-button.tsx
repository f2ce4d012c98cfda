import type { ButtonHTMLAttributes } from 'react';

/**
 * A plain button that shows a spinner and is disabled while its action runs (`busy`): antd's `loading` for the
 * screens built without antd. Its other props are the button's own (the class names the portal's button styles).
 */
export function BusyButton({ busy, disabled, children, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button {...button} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <span className="plain-button-spinner" aria-hidden /> : null}
      <span>{children}</span>
    </button>
  );
}
