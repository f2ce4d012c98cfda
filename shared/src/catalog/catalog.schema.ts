import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { ZWebUrl, requiredText } from '../submission/submission.schema';
import { isCountryCode } from '../country/countries';

const code = (value: ErrorCode) => ({ message: value });

export const COMPANY_NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;
export const LINKMAN_MAX_LENGTH = 50;
export const CATALOG_EMAIL_MAX_LENGTH = 254;
export const REGION_CODE_MAX_LENGTH = 32;
export const PROFILE_ZH_MIN_LENGTH = 20;
export const PROFILE_ZH_MAX_LENGTH = 1000;
export const PROFILE_EN_MIN_LENGTH = 40;
export const PROFILE_EN_MAX_LENGTH = 5000;
/**
 * "The English profile must match the Chinese one" (SPEC 5), as we decided it (docs/decisions/0409-catalog-products-banners.md): both
 * present, the Chinese one written in Chinese, the English one in Latin script, and the English one a
 * plausible translation by length — between 1× and 6× as many characters as the Chinese one (an
 * English translation runs ≈ 2–4× the characters of its Chinese source).
 */
export const PROFILE_LENGTH_RATIO_MIN = 1;
export const PROFILE_LENGTH_RATIO_MAX = 6;
/** Share of CJK characters the English profile may hold (brand or street names). */
export const PROFILE_EN_MAX_CJK_SHARE = 0.1;

const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/gu;

export function cjkCount(value: string): number {
  return value.match(CJK)?.length ?? 0;
}

/** The matching rule of the two profiles; null when they match, else the error code. */
export function profileMismatch(profileZh: string, profileEn: string): ErrorCode | null {
  const zh = profileZh.trim();
  const en = profileEn.trim();
  if (cjkCount(zh) < zh.length / 2) return 'CATALOG_PROFILE_ZH_INVALID';
  if (cjkCount(en) > en.length * PROFILE_EN_MAX_CJK_SHARE || !/[A-Za-z]/.test(en)) return 'CATALOG_PROFILE_EN_INVALID';
  const ratio = en.length / zh.length;
  return ratio < PROFILE_LENGTH_RATIO_MIN || ratio > PROFILE_LENGTH_RATIO_MAX ? 'CATALOG_PROFILE_MISMATCH' : null;
}

/** A code of the one country list (`country/countries.ts`, ISO 3166-1 alpha-2, "CN"). */
export const ZCountryCode = z
  .string(code('SUBMISSION_TEXT_REQUIRED'))
  .trim()
  .refine((value): boolean => isCountryCode(value), code('CATALOG_COUNTRY_INVALID'));

/** A landline or mobile as printed in a catalog: digits, spaces, + - ( ), 5–32 characters. */
export const ZTelephone = requiredText(32).regex(/^\+?[\d\s()-]{5,32}$/, code('SUBMISSION_PHONE_INVALID'));

export const ZSubmitCatalogEntryInput = z
  .object({
    companyNameZh: requiredText(COMPANY_NAME_MAX_LENGTH),
    companyNameEn: requiredText(COMPANY_NAME_MAX_LENGTH),
    address: requiredText(ADDRESS_MAX_LENGTH),
    websiteUrl: ZWebUrl,
    countryCode: ZCountryCode,
    regionCode: z.string().trim().max(REGION_CODE_MAX_LENGTH, code('SUBMISSION_TEXT_TOO_LONG')).nullish(),
    linkman: requiredText(LINKMAN_MAX_LENGTH),
    telephone: ZTelephone,
    email: requiredText(CATALOG_EMAIL_MAX_LENGTH).pipe(z.email(code('AUTH_INVALID_EMAIL'))),
    profileZh: requiredText(PROFILE_ZH_MAX_LENGTH).min(PROFILE_ZH_MIN_LENGTH, code('CATALOG_PROFILE_ZH_INVALID')),
    profileEn: requiredText(PROFILE_EN_MAX_LENGTH).min(PROFILE_EN_MIN_LENGTH, code('CATALOG_PROFILE_EN_INVALID')),
    logoId: z.uuid(code('CATALOG_LOGO_REQUIRED')),
  })
  .superRefine((input, context) => {
    const mismatch = profileMismatch(input.profileZh, input.profileEn);
    if (mismatch) context.addIssue({ code: 'custom', message: mismatch, path: [mismatch === 'CATALOG_PROFILE_ZH_INVALID' ? 'profileZh' : 'profileEn'] });
  });
export type TSubmitCatalogEntryInput = z.output<typeof ZSubmitCatalogEntryInput>;
