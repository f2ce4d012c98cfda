import { BADGE_PRINT_PATHS, type BadgePrintLayout, type TBadgeTemplateInput } from '@portal/shared/badge-print/badge-print.schema';
import { fetchPdf } from '../../../lib/print-pdf';

/** One ticket's badge as the server draws it (the print is recorded and audited there). */
export function badgePdf(ticketId: string, layout: BadgePrintLayout = 'SINGLE') {
  return fetchPdf(`${BADGE_PRINT_PATHS.one}?${new URLSearchParams({ ticketId, layout }).toString()}`);
}

/** A draft template drawn with sample data: the real PDF, so the preview is what a print will be. */
export function badgePreviewPdf(template: TBadgeTemplateInput) {
  return fetchPdf(BADGE_PRINT_PATHS.preview, { body: { template } });
}
