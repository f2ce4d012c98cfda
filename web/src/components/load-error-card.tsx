import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text';
import { PlainCard } from './plain/card';
import { PlainResult } from './plain/result';

/** What a visitor page shows when its data could not be loaded: the reason and a retry. Plain markup: the ticket page needs no antd. */
export function LoadErrorCard({ error, onRetry, retryTestId }: { error: unknown; onRetry: () => void; retryTestId?: string }) {
  const { t } = useTranslation('visitor');
  const errorText = useErrorText();
  return (
    <PlainCard>
      <PlainResult
        status="error"
        title={<h1 className="result-title">{t('loadError')}</h1>}
        subTitle={errorText(error)}
        extra={
          <button type="button" className="plain-button plain-button-primary" onClick={onRetry} data-testid={retryTestId}>
            {t('retry')}
          </button>
        }
      />
    </PlainCard>
  );
}
