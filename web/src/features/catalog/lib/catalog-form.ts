import { profileMismatch, type TSubmitCatalogEntryInput } from '@portal/shared/catalog/catalog.schema';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { COUNTRIES, countryName, type CountryCode } from '@portal/shared/country/countries';
import { isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import type { PhotoValue } from '../../../components/photo-upload';
import type { CatalogEntryFieldsFragment, MyCatalogEntryQuery } from '../../../graphql/operations.generated';

export type CatalogFormValues = Omit<TSubmitCatalogEntryInput, 'logoId'> & { logo: PhotoValue | null };
type Company = Extract<MyCatalogEntryQuery['viewer'], { exhibitor?: unknown }>['exhibitor'];

/** The country choices: the one list (`COUNTRIES`), the show's region and its neighbours first, named in the page's language. */
export function countryOptions(language: string): Array<{ value: CountryCode; label: string }> {
  return COUNTRIES.map((country) => ({ value: country.code, label: countryName(country.code, language) }));
}

/** The form opens on the entry filed, or, before one is, on the company's names, China and a web address to complete. */
export function catalogInitialValues(entry: CatalogEntryFieldsFragment | null | undefined, company: Company | null | undefined): CatalogFormValues {
  if (entry) {
    const { companyNameZh, companyNameEn, address, websiteUrl, countryCode, regionCode, linkman, telephone, email, profileZh, profileEn, logo } = entry;
    return { companyNameZh, companyNameEn, address, websiteUrl, countryCode, regionCode: regionCode ?? '', linkman, telephone, email, profileZh, profileEn, logo: logo ? { id: logo.id, url: logo.url } : null };
  }
  return {
    companyNameZh: company?.nameZh ?? '',
    companyNameEn: company?.nameEn ?? '',
    address: '',
    websiteUrl: 'https://',
    countryCode: 'CN',
    regionCode: '',
    linkman: '',
    telephone: '',
    email: '',
    profileZh: '',
    profileEn: '',
    logo: null,
  };
}

/** A company may file or change its entry once approved as an exhibitor, and until the entry is approved. */
export function isCatalogEditable(company: Company | null | undefined, entry: Pick<CatalogEntryFieldsFragment, 'status'> | null | undefined): boolean {
  return company?.status === 'ACTIVE' && (!entry || isEditableByExhibitor(entry.status));
}

/** What the form sends: an empty region as none, the logo by its id. */
export function catalogSubmitInput({ logo, ...values }: CatalogFormValues): TSubmitCatalogEntryInput {
  return { ...values, regionCode: values.regionCode || null, logoId: logo?.id ?? '' };
}

/**
 * The English profile's problem against the Chinese one, once both are typed; a Chinese profile that is not
 * Chinese is that field's own problem, not shown at the English one.
 */
export function profileEnProblem(profileZh: string, profileEn: string | undefined): ErrorCode | null {
  const mismatch = profileZh && profileEn ? profileMismatch(profileZh, profileEn) : null;
  return mismatch === 'CATALOG_PROFILE_ZH_INVALID' ? null : mismatch;
}
