import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@portal/shared/i18n/locales';
import { currentLocale, setLanguage } from '../lib/i18n/i18n';
import { Icon } from './icon';
import { PlainMenuButton } from './plain/menu-button';

/**
 * The language switcher of every header (SPEC 9); the choice is kept in the `_lang_` cookie. `compact`: the icon
 * alone; `'narrow'`: the icon alone below 768 px, by CSS, so that a pre-rendered header (which cannot know the
 * screen's width) is already right on a phone.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean | 'narrow' }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <PlainMenuButton
      buttonLabel={t('language.switchFrom', { language: t(`language.${locale}`) })}
      buttonContent={
        <>
          <Icon definition={GlobalOutlined} />
          {compact === true ? null : <span className={compact === 'narrow' ? 'wide-screen-only' : undefined}>{t(`language.${locale}`)}</span>}
        </>
      }
      testId="language-switcher"
      items={LOCALES.map((value) => ({
        key: value,
        label: t(`language.${value}`),
        checked: value === locale,
        lang: value,
        testId: `language-option-${value}`,
        onSelect: () => void setLanguage(value),
      }))}
    />
  );
}
