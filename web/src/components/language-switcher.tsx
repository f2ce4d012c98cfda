import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { LazyDropdown } from './lazy-dropdown';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/shared/i18n/locales';
import { currentLocale, setLanguage } from '../lib/i18n/i18n';

/** The language switcher of every header (SPEC 9); the choice is kept in the `_lang_` cookie. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((value) => ({
          key: value,
          label: (
            <span lang={value} data-testid={`language-option-${value}`}>
              {t(`language.${value}`)}
            </span>
          ),
        })),
        onClick: ({ key }) => void setLanguage(key as Locale),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.switchFrom', { language: t(`language.${locale}`) })} data-testid="language-switcher">
        {compact ? null : t(`language.${locale}`)}
      </Button>
    </LazyDropdown>
  );
}
