import { App, Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-error-text';

/**
 * A list row's account actions, each behind a confirmation: disable / enable, and a reset to a new initial
 * password (the caller shows it once). The texts are the caller's namespace's `actions.{disable, enable,
 * disableConfirm, enableConfirm, disabled, enabled, resetPassword, resetConfirm, confirm}` and `form.cancel`,
 * since what is disabled (a staff account, a company's accounts) is said in the caller's words.
 */
export function AccountActions<TReset>({
  namespace,
  testIdPrefix,
  disabled,
  setEnabled,
  resetPassword,
  onReset,
  children,
}: {
  namespace: string;
  /** `<prefix>-toggle` and `<prefix>-reset-password` */
  testIdPrefix: string;
  disabled: boolean;
  setEnabled: (enabled: boolean) => Promise<unknown>;
  resetPassword: () => Promise<TReset>;
  onReset: (result: TReset) => void;
  /** The row's other actions, shown first. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const report = (error: unknown) => void notification.error({ title: errorText(error) });
  return (
    <Space wrap size={4}>
      {children}
      <Popconfirm
        title={t(disabled ? 'actions.enableConfirm' : 'actions.disableConfirm')}
        okText={t('actions.confirm')}
        cancelText={t('form.cancel')}
        onConfirm={() => setEnabled(disabled).then(() => void message.success(t(disabled ? 'actions.enabled' : 'actions.disabled')), report)}
      >
        <Button size="small" danger={!disabled} data-testid={`${testIdPrefix}-toggle`}>
          {t(disabled ? 'actions.enable' : 'actions.disable')}
        </Button>
      </Popconfirm>
      <Popconfirm title={t('actions.resetConfirm')} okText={t('actions.confirm')} cancelText={t('form.cancel')} onConfirm={() => resetPassword().then(onReset, report)}>
        <Button size="small" data-testid={`${testIdPrefix}-reset-password`}>
          {t('actions.resetPassword')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
