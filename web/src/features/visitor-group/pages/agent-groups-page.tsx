import { Alert, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../lib/use-error-text';
import { useVisitorGroups } from '../api/visitor-groups';
import { GroupPanel } from '../components/group-panel';

/**
 * /wa/group: the agent's groups — the organizer made them for this visitor's mobile. The agent imports the members
 * and follows who has finished; each member confirms and applies on their own phone (the page says so).
 */
export function AgentGroupsPage() {
  const { t } = useTranslation('visitor-group');
  const errorText = useErrorText();
  const groups = useVisitorGroups(true);

  if (groups.isPending) return <Spin />;
  if (groups.isError) return <Alert type="error" showIcon title={errorText(groups.error)} />;
  return (
    <Flex vertical gap="middle" data-testid="agent-groups-page">
      <PageHeader title={t('agent.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('agent.intro')}
      </Typography.Paragraph>
      {groups.data.length === 0 ? <Empty description={t('agent.none')} /> : null}
      {groups.data.map((group) => (
        <Card key={group.id} title={group.name} data-testid="agent-group">
          <GroupPanel group={group} />
        </Card>
      ))}
    </Flex>
  );
}
