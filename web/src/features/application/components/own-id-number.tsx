import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { useApplicationIdNumber } from '../api/application-id-number';

/** The ID number, masked (PIPL); the visitor may show the full number of their own application. */
export function OwnIdNumber({ masked }: { masked: string | null }) {
  const { t } = useTranslation('visitor');
  const errorText = useErrorText();
  const [shown, setShown] = useState(false);
  const full = useApplicationIdNumber(shown);
  if (!masked) return <>{t('notAvailable')}</>;
  const value = shown && full.data ? full.data : masked;
  return (
    <Space wrap size={4}>
      <Typography.Text code data-testid="info-id-number" data-full={shown && Boolean(full.data)}>
        {value}
      </Typography.Text>
      <Button
        type="link"
        size="small"
        icon={shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
        loading={shown && full.isFetching}
        aria-label={shown ? t('info.idNumberHideLabel') : t('info.idNumberShowLabel')}
        aria-pressed={shown}
        onClick={() => setShown((current) => !current)}
        data-testid="info-id-number-toggle"
      >
        {shown ? t('info.idNumberHide') : t('info.idNumberShow')}
      </Button>
      {shown && full.isError ? <Typography.Text type="danger">{errorText(full.error)}</Typography.Text> : null}
    </Space>
  );
}
