import { useTranslation } from 'react-i18next';
import { useBusyMark } from '../lib/readiness';

/** The spinner shown while a page or its code loads; plain markup (styles.css), so the first load needs no antd. The app is busy meanwhile (lib/readiness.ts). */
export function PageLoading() {
  const { t } = useTranslation();
  useBusyMark();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
