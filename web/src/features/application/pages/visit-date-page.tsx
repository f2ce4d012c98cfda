import { Alert, App, Button, Card, Empty, Flex, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { useErrorText } from '../../../lib/use-error-text';
import { useVisitDateOptions } from '../api/visit-date-options';
import { useSelectVisitDates } from '../api/select-visit-dates';
import { useWaitlistAction, type WaitlistAction } from '../api/waitlist-actions';
import { VisitDateCard } from '../components/visit-date-card';
import { initialSelection, seenDeadlines, selectionChanged, selectionProblem, toggleDay, visitDateFailure, visitDateOptions } from '../lib/visit-date-rules';
import { LoadErrorCard } from '../../../components/load-error-card';

interface Problem {
  text: string;
  refresh: boolean;
}

/**
 * /wa/visitor/visitDate (approved visitors): choose the visit days (DESIGN §6). Admitted days stay,
 * days past their deadline are fixed, full days cannot be added but their waitlist joined (a seat offered
 * from it is confirmed here, docs/decisions/0208-waitlist-for-full-days.md); the save sends the deadlines the
 * page showed, and every SPEC 8 visit-date message is shown (the deadline change with a refresh).
 */
export function VisitDatePage() {
  const { t, ready } = useTranslation('visitor');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const query = useVisitDateOptions();
  const mutation = useSelectVisitDates();
  const waitlist = useWaitlistAction();
  const options = useMemo(() => (query.data ? visitDateOptions(query.data.showDays, query.data.held, query.data.loadedAt, query.data.waitlist) : []), [query.data]);
  // The selection follows each load of the page's data (after a save or a refresh it starts again from the server's).
  const [edit, setEdit] = useState<{ loadedAt: number; selection: string[] } | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const selection = edit && edit.loadedAt === query.data?.loadedAt ? edit.selection : initialSelection(options);

  if (!ready || query.isPending) return <PageLoading />;
  if (query.isError) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  }

  const loadedAt = query.data.loadedAt;
  const changed = selectionChanged(options, selection);

  async function refresh() {
    setProblem(undefined);
    setEdit(undefined);
    await query.refetch();
  }

  async function save() {
    const required = selectionProblem(selection);
    if (required) {
      setProblem({ text: t(`errors:${required}`), refresh: false });
      return;
    }
    setProblem(undefined);
    try {
      await mutation.mutateAsync({ days: selection, seenDeadlines: seenDeadlines(options) });
      setEdit(undefined);
      void message.success(t('visitDate.saved'));
    } catch (error) {
      const failure = visitDateFailure(error);
      setProblem({ text: failure.ownMessage ? errorText(error) : t(`errors:${failure.code}`), refresh: failure.refresh });
    }
  }

  /** Joins, leaves or confirms a day's waitlist; the days reload (a confirmed seat is then a held day). */
  async function onWaitlist(action: WaitlistAction, day: string) {
    setProblem(undefined);
    try {
      await waitlist.mutateAsync({ action, day });
      setEdit(undefined);
      void message.success(t(`waitlist.done.${action}`));
    } catch (error) {
      setProblem({ text: errorText(error), refresh: true });
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }} data-testid="visit-date-page">
      <Typography.Title level={1} className="page-title">
        {t('visitDate.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('visitDate.intro')} {t('visitDate.timeZone')}
      </Typography.Paragraph>
      {problem ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problem.text}
          data-testid="visit-date-error"
          action={
            problem.refresh ? (
              <Button size="small" onClick={() => void refresh()} loading={query.isFetching} data-testid="visit-date-refresh">
                {t('refresh')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {options.length === 0 ? (
        <Card>
          <Empty description={t('visitDate.none')} />
        </Card>
      ) : (
        <div className="visit-date-grid" role="group" aria-label={t('visitDate.title')}>
          {options.map((option) => (
            <VisitDateCard
              key={option.day}
              option={option}
              checked={selection.includes(option.day)}
              disabled={mutation.isPending || waitlist.isPending}
              onWaitlist={(action) => void onWaitlist(action, option.day)}
              onChange={(checked) => {
                setProblem(undefined);
                setEdit({ loadedAt, selection: toggleDay(selection, option, checked) });
              }}
            />
          ))}
        </div>
      )}
      <Space wrap>
        <Button type="primary" onClick={() => void save()} loading={mutation.isPending} disabled={options.length === 0} data-testid="visit-date-save">
          {t('visitDate.save')}
        </Button>
        <Button onClick={() => { setProblem(undefined); setEdit(undefined); }} disabled={!changed || mutation.isPending} data-testid="visit-date-reset">
          {t('visitDate.reset')}
        </Button>
      </Space>
    </Flex>
  );
}
