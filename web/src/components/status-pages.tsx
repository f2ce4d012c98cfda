import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The not-found page (SPEC 2: any other path; also the visitor pages that need an approved application). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

/** The forbidden page (a 403, a role the viewer does not have). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 className="result-title">{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

/** The session could not be loaded (network, server error). */
export function LoadErrorPage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={<h1 className="result-title">{t('loadError.title')}</h1>}
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('loadError.retry')}
        </Button>
      }
    />
  );
}
