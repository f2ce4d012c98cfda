import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportHref, type ReviewListState } from '../lib/review-filter';
import { isWeChatBrowser } from '../lib/review-wechat';

/**
 * Downloads the filtered list as xlsx (every page, the list's order) through a plain link: the server
 * streams it with the session cookie. Inside WeChat, where downloads are blocked, it explains how to
 * open the page in the system browser instead.
 */
export function ReviewExportButton({ state, disabled }: { state: ReviewListState; disabled: boolean }) {
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
      <Button icon={<DownloadOutlined />} href={disabled ? undefined : exportHref(state)} download disabled={disabled} data-testid="review-export">
        {t('export.button')}
      </Button>
    </Tooltip>
  );
}
