import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import type { IdType } from '@portal/shared/application/id-number';
import { PlainAlert } from '../../../components/plain/alert';
import { PlainResult } from '../../../components/plain/result';
import { flashOnNextScreen } from '../../../lib/flash-notice';
import { formatDateTime } from '../../../lib/format/date-time';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';
import { useErrorText } from '../../../lib/use-error-text';
import { useApplicationOptions } from '../api/application-options';
import { myApplicationQueryOptions, useMyApplication, type MyApplicationData } from '../api/my-application';
import type { ApplicationFormValues } from '../lib/application-rules';
import { applicationScreenState } from '../lib/screen-state';
import { APPLICATION_SCREEN_NAMESPACES } from '../lib/screen-namespaces';
import { ApplicationForm } from './application-form';
import { ApplicationLoading } from './application-loading';


/** The saved application, or for a first one the account's name and contact details. */
function initialValuesOf(data: MyApplicationData): Partial<ApplicationFormValues> {
  const audience = data.audience;
  const account = data.account;
  const localMobile = (mobile: string | null | undefined) => (mobile?.startsWith('+86') ? mobile.slice(3) : (mobile ?? ''));
  if (!audience || audience.approveStatus === 'CREATED') {
    return { name: audience?.name ?? account?.name ?? '', mobile: localMobile(audience?.mobile ?? account?.mobile), email: audience?.email ?? account?.email ?? '', activationCode: data.groupCode ?? '' };
  }
  return {
    name: audience.name ?? '',
    mobile: localMobile(audience.mobile),
    email: audience.email ?? '',
    idType: (audience.idType as IdType | null) ?? null,
    idNumber: audience.idNumber ?? '',
    birthDate: audience.birthDate ?? null,
    entryPhoto: audience.entryPhoto ? { id: audience.entryPhoto.id, url: audience.entryPhoto.url } : null,
    idPhoto: audience.idPhoto ? { id: audience.idPhoto.id, url: audience.idPhoto.url } : null,
    visitDates: audience.visitDates.map((visit) => visit.day),
    activationCode: audience.activationCode ?? '',
    channelId: audience.channel?.id ?? null,
    counterCheck: audience.counterCheck,
  };
}

export interface ApplicationScreenProps {
  titleKey: string;
  mode: 'apply' | 'edit';
  /** Called once the application is saved, before the page moves on (the app reloads the session: the status changed). */
  onSaved: () => Promise<void>;
  /** Where the visitor goes after saving (the info page). */
  donePath: string;
}

/**
 * Loads what the form needs (show days, channels, the registration switch, the viewer's application),
 * then shows the form, or "Registration Closed", or "cannot be edited", by the server's submit rule.
 */
export function ApplicationScreen({ titleKey, mode, onSaved, donePath }: ApplicationScreenProps) {
  const { t, ready } = useTranslation(APPLICATION_SCREEN_NAMESPACES);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useApplicationOptions();
  const mine = useMyApplication();
  const initialValues = useMemo(() => (mine.data ? initialValuesOf(mine.data) : {}), [mine.data]);

  const title = <h1 className="page-title">{t(titleKey, { ns: 'common' })}</h1>;
  if (!ready || options.isPending || mine.isPending) return <ApplicationLoading />;
  const failed = options.error ?? mine.error;
  if (failed || !options.data || !mine.data) {
    return (
      <PlainResult
        status="error"
        title={<h1 className="result-title">{t('application:loadError')}</h1>}
        subTitle={failed ? errorText(failed) : undefined}
        extra={
          <button type="button" className="plain-button" onClick={() => void Promise.all([options.refetch(), mine.refetch()])} data-testid="application-retry">
            {t('common:loadError.retry')}
          </button>
        }
        testId="application-load-error"
      />
    );
  }
  const setting = options.data.setting;
  const audience = mine.data.audience;
  const deadline = setting.audienceUpdateDeadline;
  const screen = applicationScreenState({ status: audience?.approveStatus, audienceRegOpen: setting.audienceRegOpen, updateDeadline: deadline, now: new Date() });
  if (screen === 'closed') {
    return <PlainResult status="warning" title={<h1 className="result-title">{t('errors:AUDIENCE_REG_CLOSED')}</h1>} testId="application-closed" />;
  }
  if (screen === 'not-editable') {
    // Only an approved application or one past the update deadline gets here: say which, and lead back.
    const approved = audience?.approveStatus === 'DONE';
    return (
      <PlainResult
        status="info"
        title={<h1 className="result-title">{t('errors:AUDIENCE_NOT_EDITABLE')}</h1>}
        subTitle={
          <span data-testid="application-not-editable-reason">
            {approved ? t('application:notEditable.approved') : t('application:notEditable.deadlinePassed', { deadline: deadline ? formatDateTime(deadline) : '' })}
          </span>
        }
        extra={
          <>
            <Link to={donePath} className="plain-button plain-button-primary" data-testid="application-not-editable-back">
              {t('application:notEditable.back')}
            </Link>
            {approved ? (
              <Link to={PATHS.visitorVisitDate} className="plain-button" data-testid="application-not-editable-visit-dates">
                {t('application:notEditable.visitDates')}
              </Link>
            ) : null}
          </>
        }
        testId="application-not-editable"
      />
    );
  }
  const accountKey = audience?.id ?? 'new';

  return (
    <div className="application-page" data-testid={mode === 'edit' ? 'application-edit-page' : 'application-page'}>
      <div className="application-form">
        {title}
        <p className="plain-text-secondary application-intro">{t('application:intro')}</p>
        {audience?.approveStatus === 'REFUSE' && audience.refuseReason && (
          <div className="application-block">
            <PlainAlert type="error" title={t('application:refused')} description={audience.refuseReason} testId="application-refuse-reason" />
          </div>
        )}
        {deadline && audience && audience.approveStatus !== 'CREATED' && (
          <div className="application-block">
            <PlainAlert type="info" title={t('application:editDeadline', { deadline: formatDateTime(deadline) })} />
          </div>
        )}
      </div>
      <ApplicationForm
        key={accountKey}
        options={options.data}
        initialValues={initialValues}
        heldDays={audience?.visitDates.map((visit) => visit.day) ?? []}
        draftKey={`portal.application-draft.${accountKey}`}
        onSubmitted={async () => {
          await onSaved();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: myApplicationQueryOptions.queryKey }),
            queryClient.invalidateQueries({ queryKey: OWN_APPLICATION_KEY }),
          ]);
          flashOnNextScreen(t('application:submitted'));
          void navigate(donePath);
        }}
      />
    </div>
  );
}
