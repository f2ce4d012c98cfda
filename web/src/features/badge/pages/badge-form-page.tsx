import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { NotFoundPage } from '../../../components/status-pages';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import type { OwnBadgeQuery } from '../../../graphql/operations.generated';
import { useOwnBadge } from '../api/own-badge';
import { BadgeForm } from '../components/badge-form';
import { badgeMobileOf, EMPTY_BADGE, type BadgeFormValues } from '../lib/badge-rules';

/** The company names a new badge starts with (the viewer's exhibitor record, given by the area). */
export interface BadgeCompany {
  nameZh: string;
  nameEn: string;
}

type OwnBadge = NonNullable<OwnBadgeQuery['ownBadge']>;

function valuesOf(badge: OwnBadge): BadgeFormValues {
  return {
    ...EMPTY_BADGE,
    ...badge,
    mobile: badgeMobileOf(badge),
    idNumber: badge.idNumber ?? '',
    entryPhoto: badge.entryPhoto,
    idPhoto: badge.idPhoto,
    // Confirmed again on every submission.
    truthConfirmed: false,
    sensitiveConsent: false,
  };
}

/** /we/exhibitor/application/:id?: a new badge application, or one of the company's (read-only once approved). */
export function BadgeFormPage({ listPath, company, letterPath }: { listPath: string; company: BadgeCompany | null; letterPath?: (badgeId: string) => string }) {
  const { t } = useTranslation(['badge', 'submission']);
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useOwnBadge(id);
  if (id && query.isPending) return <PageLoading />;
  if (query.error) return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  const badge = id ? query.data : null;
  if (id && !badge) return <NotFoundPage />;
  const editable = !badge || isEditableByExhibitor(badge.status);
  const initialValues = badge ? valuesOf(badge) : { ...EMPTY_BADGE, companyNameZh: company?.nameZh ?? '', companyNameEn: company?.nameEn ?? '' };
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 960 }} data-testid="badge-form-page">
      <div>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(listPath)} data-testid="badge-back">
          {t('backToList')}
        </Button>
      </div>
      <Flex wrap gap="small" align="center">
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
          {badge ? t('editTitle') : t('newTitle')}
        </Typography.Title>
        {badge ? <SubmissionStatusTag status={badge.status} testId="badge-status" /> : null}
      </Flex>
      {badge?.status === 'REJECTED' ? <Alert type="error" showIcon title={t('rejectedNotice', { reason: badge.rejectReason ?? '' })} data-testid="badge-reject-reason" /> : null}
      {badge?.status === 'APPROVED' ? <Alert type="success" showIcon title={t('approvedNotice')} data-testid="badge-approved-notice" /> : null}
      {badge?.status === 'APPROVED' && badge.idType === 'PASSPORT' && letterPath ? (
        <div>
          <Button onClick={() => void navigate(letterPath(badge.id))} data-testid="badge-invitation-letter">
            {t('invitationLetter')}
          </Button>
        </div>
      ) : null}
      {badge?.status === 'PENDING' ? <Alert type="info" showIcon title={t('pendingNotice')} /> : null}
      <BadgeForm
        // A saved change (a new status) starts the form again from what the server holds.
        key={badge ? `${badge.id}:${badge.status}:${badge.statusHistory.length}` : 'new'}
        id={badge?.id}
        disabled={!editable}
        resubmit={badge?.status === 'REJECTED'}
        initialValues={initialValues}
        onSaved={() => void navigate(listPath)}
      />
      {badge ? (
        <Card title={<h2 className="badge-card-title">{t('history')}</h2>} className="badge-form">
          <SubmissionHistory changes={badge.statusHistory} testId="badge-history" />
        </Card>
      ) : null}
    </Flex>
  );
}
