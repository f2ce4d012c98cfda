import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../icon';

export interface PlainMenuItem {
  key: string;
  label: ReactNode;
  icon?: IconDefinition;
  /** A choice among several (the language menu): shown checked, focused when the menu opens. */
  checked?: boolean;
  lang?: string;
  testId?: string;
  /** A separator line above the item. */
  separated?: boolean;
  onSelect: () => void;
}

/**
 * A header's menu button (the language and user menus; SPEC 9) for the screens built without antd
 * (DESIGN §7), looking like antd's text button and dropdown: opens on click, closes on a choice, a click
 * outside or Escape (focus back on the button); the arrow keys move between the items.
 */
export function PlainMenuButton({
  buttonLabel,
  buttonContent,
  items,
  testId,
}: {
  /** The button's accessible name. */
  buttonLabel: string;
  buttonContent: ReactNode;
  items: readonly PlainMenuItem[];
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const radio = items.some((item) => item.checked !== undefined);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    const items = root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]');
    (root.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? items?.[0])?.focus();
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  function close() {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  }

  function choose(item: PlainMenuItem) {
    close();
    item.onSelect();
  }

  /** Up and down move between the items, as in any menu. */
  function onMenuKey(key: string) {
    const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const elements = [...(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    elements[(elements.indexOf(document.activeElement as HTMLElement) + step + elements.length) % elements.length]?.focus();
  }

  return (
    <div className="plain-menu-button" ref={root}>
      <button
        type="button"
        className="plain-button plain-button-text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
      >
        {buttonContent}
      </button>
      {open ? (
        <ul className="plain-menu" role="menu" id={menuId} onKeyDown={(event) => onMenuKey(event.key)}>
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.separated ? <li role="separator" className="plain-menu-separator" /> : null}
              <li role="none">
                <button
                  type="button"
                  role={radio ? 'menuitemradio' : 'menuitem'}
                  aria-checked={radio ? item.checked === true : undefined}
                  lang={item.lang}
                  data-testid={item.testId}
                  onClick={() => choose(item)}
                >
                  {item.icon ? <Icon definition={item.icon} /> : null}
                  {item.label}
                </button>
              </li>
            </Fragment>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
