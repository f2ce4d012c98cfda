import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';

/**
 * While the application screen's session, code or data load: the screen's introduction (the largest text of the
 * screen, which stays: the form's is the same paragraph in the same place, so the pre-rendered paint is the largest
 * contentful paint, DESIGN §7) above the spinner, in a body as tall as the screen, so the form arrives in empty space
 * instead of pushing the footer (Lighthouse measured CLS 0.11 from that). The introduction shows once its
 * locale file is there (pre-rendered: loaded before the screen is hydrated).
 */
export function ApplicationLoading() {
  const { t, ready } = useTranslation('application');
  return (
    <div className="application-loading">
      {ready && (
        <div className="application-form">
          <p className="plain-text-secondary application-intro">{t('application:intro')}</p>
        </div>
      )}
      <PageLoading />
    </div>
  );
}
