import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName } from '@portal/shared/country/countries';
import type { CatalogEntryFieldsFragment } from '../../../graphql/operations.generated';
import { catalogInitialValues, catalogSubmitInput, countryOptions, isCatalogEditable, profileEnProblem } from './catalog-form';

const company = { id: 'x1', nameZh: '重庆宗申', nameEn: 'Zongshen', status: 'ACTIVE', bootNumber: 'A-101' } as const;
const entry: CatalogEntryFieldsFragment = {
  id: 'c1',
  exhibitorId: 'x1',
  companyNameZh: '宗申动力',
  companyNameEn: 'Zongshen Power',
  address: '重庆市巴南区',
  websiteUrl: 'https://zongshen.example',
  countryCode: 'CN',
  regionCode: null,
  linkman: '李明',
  telephone: '023-6666 8888',
  email: 'expo@zongshen.example',
  profileZh: '摩托车发动机制造商',
  profileEn: 'Motorcycle engine maker',
  bootNumber: 'A-101',
  logo: { id: 'f1', url: '/files/f1' },
  status: 'REJECTED',
  rejectReason: '标志不清',
  submittedAt: '2027-03-01T02:00:00.000Z',
  statusHistory: [],
};

describe('the catalog entry form', () => {
  it('opens a first entry on the company’s names, China and a web address to complete', () => {
    expect(catalogInitialValues(null, company)).toEqual({
      companyNameZh: '重庆宗申',
      companyNameEn: 'Zongshen',
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
    });
    expect(catalogInitialValues(undefined, null).companyNameZh).toBe('');
  });

  it('opens a filed entry on its own fields only, an absent region as empty text', () => {
    const values = catalogInitialValues(entry, company);
    expect(values).toMatchObject({ companyNameZh: '宗申动力', regionCode: '', logo: { id: 'f1', url: '/files/f1' } });
    expect(Object.keys(values)).not.toContain('status');
    expect(catalogInitialValues({ ...entry, regionCode: 'CQ', logo: null }, company)).toMatchObject({ regionCode: 'CQ', logo: null });
  });

  it('sends an empty region as none and the logo by its id', () => {
    const values = catalogInitialValues(entry, company);
    const sent = catalogSubmitInput(values);
    expect(sent).toMatchObject({ regionCode: null, logoId: 'f1', companyNameEn: 'Zongshen Power' });
    expect(sent).not.toHaveProperty('logo');
    expect(catalogSubmitInput({ ...values, regionCode: 'CQ', logo: null })).toMatchObject({ regionCode: 'CQ', logoId: '' });
  });

  it('is open to an approved company until its entry is approved', () => {
    expect(isCatalogEditable(company, null)).toBe(true);
    expect(isCatalogEditable(company, { status: 'PENDING' })).toBe(true);
    expect(isCatalogEditable(company, { status: 'REJECTED' })).toBe(true);
    expect(isCatalogEditable(company, { status: 'APPROVED' })).toBe(false);
    expect(isCatalogEditable({ ...company, status: 'PENDING' }, null)).toBe(false);
    expect(isCatalogEditable({ ...company, status: 'DISABLED' }, { status: 'REJECTED' })).toBe(false);
    expect(isCatalogEditable(null, null)).toBe(false);
  });

  it('shows at the English profile only its own problems, once both profiles are typed', () => {
    expect(profileEnProblem('摩托车发动机制造商', 'Motorcycle engine maker')).toBeNull();
    expect(profileEnProblem('摩托车发动机制造商', '摩托车发动机制造商')).toBe('CATALOG_PROFILE_EN_INVALID');
    expect(profileEnProblem('摩托车发动机制造商', 'A motorcycle engine maker founded in Chongqing in 1982 with plants on three continents')).toBe('CATALOG_PROFILE_MISMATCH');
    // A Chinese profile that is not Chinese is shown at the Chinese field, not here.
    expect(profileEnProblem('Motorcycle engines', 'Motorcycle engines')).toBeNull();
    expect(profileEnProblem('', 'Motorcycle engine maker')).toBeNull();
    expect(profileEnProblem('摩托车发动机制造商', undefined)).toBeNull();
  });

  it('offers the one country list, named in the page’s language, the show’s region and its neighbours first', () => {
    const zh = countryOptions('zh-CN');
    const en = countryOptions('en-US');
    expect(zh.map((option) => option.value)).toEqual(COUNTRIES.map((country) => country.code));
    expect(zh.slice(0, 4).map((option) => option.value)).toEqual(['CN', 'HK', 'MO', 'TW']);
    expect(zh.find((option) => option.value === 'HK')?.label).toBe('中国香港');
    expect(en.find((option) => option.value === 'HK')?.label).toBe('Hong Kong, China');
    expect(en.find((option) => option.value === 'CN')?.label).toBe('China');
    expect(zh.find((option) => option.value === 'DE')?.label).toBe('德国');
    expect(en.find((option) => option.value === 'DE')?.label).toBe('Germany');
    expect(en.map((option) => option.label)).toEqual(COUNTRIES.map((country) => countryName(country.code, 'en-US')));
    expect(new Set(zh.map((option) => option.value)).size).toBe(zh.length);
  });
});
