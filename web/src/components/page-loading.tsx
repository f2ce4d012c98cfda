import { useTranslation } from 'react-i18next';

/** The spinner shown while a page or its code loads; plain markup (styles.css), so the first load needs no antd. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
