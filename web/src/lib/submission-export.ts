import type { TSubmissionListInput } from '@portal/shared/submission/submission.schema';

/** The workbook of a filing queue: catalog entries, banners or products. */
export type SubmissionExportFile = 'catalog' | 'banners' | 'products';

/** The xlsx of the filtered list (the server narrows an exhibitor's export to its company). */
export function submissionExportHref(file: SubmissionExportFile, input: TSubmissionListInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.filter ?? {})) if (value) params.set(key, value);
  const query = params.toString();
  return `/apis/files/exports/${file}.xlsx${query ? `?${query}` : ''}`;
}
