import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Progress, Space, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWithProgress, formatBytes, saveBlob, type DownloadProgress } from '../../../lib/download';
import { useErrorText } from '../../../lib/use-error-text';
import { isWeChatBrowser } from '../../../lib/wechat';
import type { TBadgeFilter } from '@portal/shared/badge/badge.schema';
import { badgeExportHref } from '../api/badges';

type Kind = 'xlsx' | 'zip';

/** A download shorter than this shows no progress (it would only flicker). */
const PROGRESS_AFTER_MS = 600;

/**
 * The filtered list's exports: the xlsx, and the zip with every entry card photo. They stream, so the
 * page fetches them itself to show how far they have come (bytes, and the rows the server announced),
 * then saves the file. Inside WeChat, where downloads are blocked, it says to open the system browser.
 */
export function BadgeExport({ filter, disabled }: { filter: Partial<TBadgeFilter>; disabled: boolean }) {
  const { t } = useTranslation('badge');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [running, setRunning] = useState<{ kind: Kind; progress: DownloadProgress | null; visible: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start(kind: Kind) {
    if (isWeChatBrowser()) {
      modal.warning({ title: t('export.wechatTitle'), content: <span data-testid="badge-export-wechat">{t('export.wechat')}</span>, okText: t('export.ok') });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ kind, progress: null, visible: false });
    const reveal = setTimeout(() => setRunning((now) => (now ? { ...now, visible: true } : now)), PROGRESS_AFTER_MS);
    try {
      const file = await downloadWithProgress(badgeExportHref(filter, kind), (progress) => setRunning((now) => (now ? { ...now, progress } : now)), controller.signal);
      saveBlob(file);
      void message.success(t('export.done', { name: file.fileName }));
    } catch (error) {
      if (controller.signal.aborted) void message.info(t('export.cancelled'));
      else void message.error(errorText(error));
    } finally {
      clearTimeout(reveal);
      abort.current = null;
      setRunning(null);
    }
  }

  const button = (kind: Kind) => (
    <Button icon={<DownloadOutlined />} loading={running?.kind === kind} disabled={disabled || (running !== null && running.kind !== kind)} onClick={() => void start(kind)} data-testid={`badge-export-${kind}`}>
      {t(`export.${kind}`)}
    </Button>
  );

  const progress = running?.visible ? running.progress : null;
  return (
    <Flex vertical gap={4}>
      <Tooltip title={t('export.hint')}>
        <Space wrap>
          {button('xlsx')}
          {button('zip')}
        </Space>
      </Tooltip>
      {running?.visible ? (
        <Flex gap="small" align="center" wrap role="status" data-testid="badge-export-progress" data-bytes={progress?.bytes ?? 0}>
          <Progress type="circle" size={20} percent={100} status="active" showInfo={false} />
          <Typography.Text>
            {progress ? t('export.progress', { size: formatBytes(progress.bytes) }) : t('export.preparing')}
            {progress?.totalRows !== null && progress?.totalRows !== undefined ? ` · ${t(running.kind === 'zip' ? 'export.photos' : 'export.rows', { count: progress.totalRows })}` : ''}
          </Typography.Text>
          <Button size="small" onClick={() => abort.current?.abort()} data-testid="badge-export-cancel">
            {t('export.cancel')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
