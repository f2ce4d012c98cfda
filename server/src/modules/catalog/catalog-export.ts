import { countryName } from '@portal/shared/country/countries';
import type { SubmissionSheet } from '../submission/submission-export.service';
import { formatShanghaiTime } from '../../lib/xlsx-stream';
import type { CatalogEntryModel } from './catalog.models';
import { catalogQueries } from './catalog.repository';

type Column =
  | 'bootNumber'
  | 'companyNameZh'
  | 'companyNameEn'
  | 'country'
  | 'regionCode'
  | 'address'
  | 'websiteUrl'
  | 'linkman'
  | 'telephone'
  | 'email'
  | 'profileZh'
  | 'profileEn'
  | 'status'
  | 'submittedAt'
  | 'rejectReason';

/**
 * The catalog queue's workbook: what the printed show guide is typeset from, so the booth comes first and
 * every text is the company's own, in both languages, whatever the export's language.
 */
export const CATALOG_SHEET: SubmissionSheet<CatalogEntryModel, Column> = {
  kind: 'catalog',
  queries: catalogQueries,
  columns: [
    ['bootNumber', 10],
    ['companyNameZh', 28],
    ['companyNameEn', 32],
    ['country', 14],
    ['regionCode', 12],
    ['address', 36],
    ['websiteUrl', 28],
    ['linkman', 12],
    ['telephone', 16],
    ['email', 26],
    ['profileZh', 48],
    ['profileEn', 56],
    ['status', 10],
    ['submittedAt', 20],
    ['rejectReason', 30],
  ],
  rowWriter: (_db, { t, locale, company }) => (entry) => ({
    bootNumber: company(entry.exhibitorId).bootNumber ?? '',
    companyNameZh: entry.companyNameZh,
    companyNameEn: entry.companyNameEn,
    country: countryName(entry.countryCode, locale),
    regionCode: entry.regionCode ?? '',
    address: entry.address,
    websiteUrl: entry.websiteUrl,
    linkman: entry.linkman,
    telephone: entry.telephone,
    email: entry.email,
    profileZh: entry.profileZh,
    profileEn: entry.profileEn,
    status: t(`submissionStatus_${entry.status}`),
    submittedAt: formatShanghaiTime(entry.submittedAt),
    rejectReason: entry.rejectReason ?? '',
  }),
};
