import { Card, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/shared/i18n/locales';
import { currentLocale, setLanguage } from '../../../lib/i18n/i18n';

export function LanguageForm() {
  const { t } = useTranslation('account');
  return (
    <Card title={<h2 className="card-title" id="settings-language-title">{t('language.title')}</h2>}>
      <Radio.Group
        aria-labelledby="settings-language-title"
        value={currentLocale()}
        onChange={(event) => void setLanguage(event.target.value as Locale)}
        options={LOCALES.map((value) => ({ value, label: <span lang={value}>{t(`common:language.${value}`)}</span> }))}
        data-testid="settings-language"
      />
    </Card>
  );
}
