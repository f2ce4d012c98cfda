import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DECISION_RULES } from '@portal/shared/submission/submission.schema';
import { SubmissionQueue } from '../../../components/submission-queue';
import type { BadgeQueueFieldsFragment } from '../../../graphql/operations.generated';
import { approveBadges } from '../api/approve-badges';
import { badgeExportHref, badgeListInputOf, useBadges } from '../api/badges';
import { rejectBadges } from '../api/reject-badges';
import { ExportLinkButton } from '../../../components/export-link-button';

const loadDetail = () =>
  import('../components/badge-detail').then((module) => function BadgeQueueDetail({ row }: { row: BadgeQueueFieldsFragment }) {
    return <module.BadgeDetailView id={row.id} />;
  });

/** /wo/exhibitor/application/list: the organizers' queue of staff badges, with the xlsx and zip exports. */
export function BadgeQueuePage() {
  const { t } = useTranslation(['badge-review', 'submission']);
  return (
    <SubmissionQueue<BadgeQueueFieldsFragment>
      testId="badge-queue"
      title={t('queueTitle')}
      useRows={useBadges}
      approve={approveBadges}
      reject={rejectBadges}
      keywordPlaceholder={t('keyword')}
      rule={DECISION_RULES.badge}
      nameOf={(row) => row.name}
      columns={[
        { key: 'name', title: t('columns.name'), render: (_value, row) => <span data-testid="badge-queue-name">{`${row.name} (${row.namePinyin})`}</span> },
        { key: 'position', title: t('columns.position'), render: (_value, row) => `${row.deptName} / ${row.position}` },
        { key: 'mobile', title: t('columns.mobile'), render: (_value, row) => <span style={{ whiteSpace: 'nowrap' }}>{`${row.countryCode} ${row.phoneNumber}`}</span> },
        { key: 'idNumber', title: t('columns.idNumber'), render: (_value, row) => <span style={{ fontFamily: 'monospace' }}>{row.idNumberMasked}</span> },
      ]}
      loadDetail={loadDetail}
      extra={(input) => (
        /* Two buttons that wrap on a phone rather than run past its edge. */
        <Flex wrap gap="small">
          <ExportLinkButton href={badgeExportHref(badgeListInputOf(input), 'xlsx')} hint={t('export.hint')} testId="badge-queue-export-xlsx">
            {t('export.xlsx')}
          </ExportLinkButton>
          <ExportLinkButton href={badgeExportHref(badgeListInputOf(input), 'zip')} hint={t('export.hint')} icon={false} testId="badge-queue-export-zip">
            {t('export.zip')}
          </ExportLinkButton>
        </Flex>
      )}
    />
  );
}
