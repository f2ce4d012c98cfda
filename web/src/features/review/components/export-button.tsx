import { useTranslation } from 'react-i18next';
import { audienceExportHref, type AudienceListState } from '@portal/shared/review/audience-list';
import { ExportLinkButton } from '../../../components/export-link-button';

/** Downloads the filtered list as xlsx (every page, the list's order); a refusal shows in the page. */
export function ExportButton({ state, disabled }: { state: AudienceListState; disabled: boolean }) {
  const { t } = useTranslation('review');
  return (
    <ExportLinkButton href={audienceExportHref(state)} hint={t('export.hint')} disabled={disabled} testId="review-export">
      {t('export.button')}
    </ExportLinkButton>
  );
}
