import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../lib/download';
import { useErrorText } from '../lib/use-error-text';
import { isWeChatBrowser } from '../lib/wechat';

/**
 * An export's button: the server is asked first whether it would send the file (its refusal — too many
 * exports at once, no right, a bad filter — shows in the page, translated), then the browser downloads it
 * as a link, streamed to disk whatever its size. Inside WeChat, where downloads are blocked, it explains
 * how to open the page in the system browser instead.
 */
export function ExportLinkButton({ href, children, hint, disabled = false, icon = true, testId }: { href: string; children: ReactNode; hint?: ReactNode; disabled?: boolean; icon?: boolean; testId: string }) {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [checking, setChecking] = useState(false);

  async function start() {
    if (isWeChatBrowser()) {
      modal.warning({ title: t('download.wechatTitle'), content: <span data-testid={`${testId}-wechat`}>{t('download.wechat')}</span>, okText: t('download.ok') });
      return;
    }
    setChecking(true);
    try {
      await downloadExport(href);
    } catch (error) {
      void message.error({ content: <span data-testid={`${testId}-refused`}>{errorText(error)}</span> });
    } finally {
      setChecking(false);
    }
  }

  const button = (
    // Still a link (its address can be copied or saved); a click asks the server first.
    <Button
      icon={icon ? <DownloadOutlined aria-hidden /> : undefined}
      href={disabled ? undefined : href}
      download
      loading={checking}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        void start();
      }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  return hint ? <Tooltip title={hint}>{button}</Tooltip> : button;
}
