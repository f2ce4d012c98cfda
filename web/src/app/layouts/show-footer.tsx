import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../lib/format/date-time';
import { useShowDates } from '../../lib/project/show-dates';

/** The show's name and its running dates (project.showDays); the name alone until they are known. */
export function ShowFooter() {
  const { t, i18n } = useTranslation();
  const { data: dates } = useShowDates();
  const span = dates ? formatDayRange(dates.first, dates.last, i18n.language) : '';
  return (
    <footer className="area-footer" data-testid="show-footer">
      {span ? t('footer.withDates', { show: t('footer.show'), dates: span }) : t('footer.show')}
    </footer>
  );
}
