import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../lib/format/date-time';
import { useShowDates } from '../../lib/project/show-dates';
import { useShowName } from '../../lib/project/show-name';

/** The show's name and its running dates, both as the organizers set them in /wo/project/info. */
export function ShowFooter() {
  const { t, i18n } = useTranslation();
  const name = useShowName();
  const { data: dates } = useShowDates();
  const span = dates ? formatDayRange(dates.first, dates.last, i18n.language) : '';
  const text = name && span ? t('footer.withDates', { show: name, dates: span }) : (name ?? span);
  return (
    <footer className="area-footer" data-testid="show-footer">
      {text}
    </footer>
  );
}
