import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainResult } from './plain/result';

// Plain markup (DESIGN §7): a status page can show in any layout, with or without antd loaded.

function BackHomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button type="button" className="plain-button plain-button-primary" onClick={() => void navigate('/')}>
      {t('backHome')}
    </button>
  );
}

/** The not-found page (SPEC 2: any other path; also the visitor pages that need an approved application). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <PlainResult status="info" title={<h1 className="result-title">{t('notFound.title')}</h1>} subTitle={t('notFound.description')} extra={<BackHomeButton />} />;
}

/** The forbidden page (a 403, a role the viewer does not have). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <PlainResult status="warning" title={<h1 className="result-title">{t('forbidden.title')}</h1>} subTitle={t('forbidden.description')} extra={<BackHomeButton />} />;
}

/** The session could not be loaded (network, server error). */
export function LoadErrorPage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <PlainResult
      status="error"
      title={<h1 className="result-title">{t('loadError.title')}</h1>}
      subTitle={message}
      extra={
        <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
          {t('loadError.retry')}
        </button>
      }
    />
  );
}
