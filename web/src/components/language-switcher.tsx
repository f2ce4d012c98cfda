import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/shared/i18n/locales';
import { currentLocale, setLanguage } from '../lib/i18n/i18n';
import { Icon } from './icon';

/**
 * The language switcher of every header (SPEC 9); the choice is kept in the `_lang_` cookie. A plain
 * menu button (styles.css, looking like antd's text button and dropdown) so that /login needs no antd.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

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
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  function close() {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  }

  function choose(next: Locale) {
    close();
    void setLanguage(next);
  }

  /** Up and down move between the languages, as in any menu. */
  function onMenuKey(key: string) {
    const step = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const next = items[(items.indexOf(document.activeElement as HTMLElement) + step + items.length) % items.length];
    next?.focus();
  }

  return (
    <div className="language-switcher" ref={root}>
      <button
        type="button"
        className="plain-button plain-button-text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language.switchFrom', { language: t(`language.${locale}`) })}
        data-testid="language-switcher"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon definition={GlobalOutlined} />
        {compact ? null : <span>{t(`language.${locale}`)}</span>}
      </button>
      {open ? (
        <ul className="language-menu" role="menu" id={menuId} onKeyDown={(event) => onMenuKey(event.key)}>
          {LOCALES.map((value) => (
            <li key={value} role="none">
              <button type="button" role="menuitemradio" aria-checked={value === locale} lang={value} data-testid={`language-option-${value}`} onClick={() => choose(value)}>
                {t(`language.${value}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
