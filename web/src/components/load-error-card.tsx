import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text';

/** What a visitor page shows when its data could not be loaded: the reason and a retry. */
export function LoadErrorCard({ error, onRetry, retryTestId }: { error: unknown; onRetry: () => void; retryTestId?: string }) {
  const { t } = useTranslation('visitor');
  const errorText = useErrorText();
  return (
    <Card>
      <Result
        status="error"
        title={<h1 className="result-title">{t('loadError')}</h1>}
        subTitle={errorText(error)}
        extra={
          <Button type="primary" onClick={onRetry} data-testid={retryTestId}>
            {t('retry')}
          </Button>
        }
      />
    </Card>
  );
}
