import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { useMyGroupStanding } from '../api/visitor-groups';

/**
 * On the visitor's info page: a member who has not confirmed their group entry is asked to, and an agent finds their
 * groups. Nothing for anyone else.
 */
export function GroupNotices() {
  const { t, ready } = useTranslation('visitor-group', { useSuspense: false });
  const navigate = useNavigate();
  const standing = useMyGroupStanding();
  if (!ready || !standing.data) return null;
  const membership = standing.data.myGroupMembership;
  const managed = standing.data.myVisitorGroups.length;
  return (
    <>
      {membership && !membership.joined ? (
        <Alert
          type="info"
          showIcon
          data-testid="group-notice-member"
          title={t('notice.member', { group: membership.groupName })}
          action={
            <Button size="small" type="primary" onClick={() => void navigate(PATHS.visitorGroupJoin)}>
              {t('notice.memberLink')}
            </Button>
          }
        />
      ) : null}
      {managed > 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="group-notice-agent"
          title={t('notice.agent', { count: managed })}
          action={
            <Button size="small" onClick={() => void navigate(PATHS.visitorGroups)} data-testid="group-notice-agent-open">
              {t('notice.agentLink')}
            </Button>
          }
        />
      ) : null}
    </>
  );
}
