import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { audienceExportHref, type AudienceListState } from '@portal/shared/review/audience-list';
import { isWeChatBrowser } from '../../../lib/wechat';

/**
 * Downloads the filtered list as xlsx (every page, the list's order) through a plain link: the server
 * streams it with the session cookie. Inside WeChat, where downloads are blocked, it explains how to
 * open the page in the system browser instead.
 */
export function ExportButton({ state, disabled }: { state: AudienceListState; disabled: boolean }) {
  const { t } = useTranslation('review');
  const { modal } = App.useApp();
  if (isWeChatBrowser()) {
    return (
      <Button
        icon={<DownloadOutlined />}
        disabled={disabled}
        onClick={() => void modal.warning({ title: t('export.wechatTitle'), content: <span data-testid="review-export-wechat">{t('export.wechat')}</span>, okText: t('export.ok') })}
        data-testid="review-export"
      >
        {t('export.button')}
      </Button>
    );
  }
  return (
    <Tooltip title={t('export.hint')}>
      <Button icon={<DownloadOutlined />} href={disabled ? undefined : audienceExportHref(state)} download disabled={disabled} data-testid="review-export">
        {t('export.button')}
      </Button>
    </Tooltip>
  );
}
