import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_IMPORT_COLUMNS } from '@portal/shared/visitor-group/visitor-group';
import { SpreadsheetImport } from '../../../components/spreadsheet-import';
import { useErrorText } from '../../../lib/use-error-text';
import { GROUPS_KEY, importGroupMembers, useGroupMembers, type VisitorGroup } from '../api/visitor-groups';
import { GroupMemberTable } from './group-member-table';

/**
 * One group as its agent and its organizers see it: how far the members are, the member import (the columns
 * named), and the members. `actions`: what the organizer adds (approve, limit).
 */
export function GroupPanel({ group, actions }: { group: VisitorGroup; actions?: ReactNode }) {
  const { t } = useTranslation('visitor-group');
  const errorText = useErrorText();
  const members = useGroupMembers(group.id);
  const queryClient = useQueryClient();
  const room = group.memberLimit - group.members;

  return (
    <Flex vertical gap="middle" data-testid="group-panel">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label={t('counts.members')}>
          <span data-testid="group-members-count">{t('counts.ofLimit', { count: group.members, limit: group.memberLimit })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('counts.joined')}>{group.joined}</Descriptions.Item>
        <Descriptions.Item label={t('counts.submitted')}>{group.submitted}</Descriptions.Item>
        <Descriptions.Item label={t('counts.waiting')}>
          <span data-testid="group-waiting-count">{group.waiting}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('counts.approved')}>
          <span data-testid="group-approved-count">{group.approved}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('counts.codeBatch')}>{group.codeBatch}</Descriptions.Item>
      </Descriptions>
      {actions}
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('import.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('import.columns', { columns: GROUP_IMPORT_COLUMNS.map((column) => t(`import.column.${column}`)).join(t('import.separator')) })}
        {room > 0 ? ` ${t('import.room', { count: room })}` : ` ${t('import.full')}`}
      </Typography.Paragraph>
      <SpreadsheetImport ns="visitor-group" testId="group-import" importFile={(file, mode, onProgress) => importGroupMembers(group.id, file, mode, onProgress)} onImported={() => queryClient.invalidateQueries({ queryKey: GROUPS_KEY })} />
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('members.title')}
      </Typography.Title>
      {members.isError ? <Alert type="error" showIcon title={errorText(members.error)} /> : <GroupMemberTable members={members.data?.memberList ?? []} loading={members.isPending} />}
    </Flex>
  );
}
