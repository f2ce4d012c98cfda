/**
 * The one list of countries and regions (docs/decisions/0917-one-mobile-number-input.md): ISO 3166-1 alpha-2
 * codes with their Chinese and English names, the show's own region and its neighbours first. The catalog
 * entry and the badge store the code; every form offers this list and the server accepts only its codes.
 */
export const COUNTRIES = [
  { code: 'CN', zh: '中国', en: 'China' },
  { code: 'HK', zh: '中国香港', en: 'Hong Kong, China' },
  { code: 'MO', zh: '中国澳门', en: 'Macao, China' },
  { code: 'TW', zh: '中国台湾', en: 'Taiwan, China' },
  { code: 'JP', zh: '日本', en: 'Japan' },
  { code: 'KR', zh: '韩国', en: 'South Korea' },
  { code: 'TH', zh: '泰国', en: 'Thailand' },
  { code: 'VN', zh: '越南', en: 'Vietnam' },
  { code: 'ID', zh: '印度尼西亚', en: 'Indonesia' },
  { code: 'MY', zh: '马来西亚', en: 'Malaysia' },
  { code: 'PH', zh: '菲律宾', en: 'Philippines' },
  { code: 'SG', zh: '新加坡', en: 'Singapore' },
  { code: 'KH', zh: '柬埔寨', en: 'Cambodia' },
  { code: 'LA', zh: '老挝', en: 'Laos' },
  { code: 'MM', zh: '缅甸', en: 'Myanmar' },
  { code: 'IN', zh: '印度', en: 'India' },
  { code: 'PK', zh: '巴基斯坦', en: 'Pakistan' },
  { code: 'BD', zh: '孟加拉国', en: 'Bangladesh' },
  { code: 'AE', zh: '阿联酋', en: 'United Arab Emirates' },
  { code: 'SA', zh: '沙特阿拉伯', en: 'Saudi Arabia' },
  { code: 'TR', zh: '土耳其', en: 'Turkey' },
  { code: 'RU', zh: '俄罗斯', en: 'Russia' },
  { code: 'IT', zh: '意大利', en: 'Italy' },
  { code: 'DE', zh: '德国', en: 'Germany' },
  { code: 'FR', zh: '法国', en: 'France' },
  { code: 'ES', zh: '西班牙', en: 'Spain' },
  { code: 'GB', zh: '英国', en: 'United Kingdom' },
  { code: 'AT', zh: '奥地利', en: 'Austria' },
  { code: 'CH', zh: '瑞士', en: 'Switzerland' },
  { code: 'NL', zh: '荷兰', en: 'Netherlands' },
  { code: 'BE', zh: '比利时', en: 'Belgium' },
  { code: 'SE', zh: '瑞典', en: 'Sweden' },
  { code: 'PL', zh: '波兰', en: 'Poland' },
  { code: 'CZ', zh: '捷克', en: 'Czechia' },
  { code: 'US', zh: '美国', en: 'United States' },
  { code: 'CA', zh: '加拿大', en: 'Canada' },
  { code: 'MX', zh: '墨西哥', en: 'Mexico' },
  { code: 'BR', zh: '巴西', en: 'Brazil' },
  { code: 'AR', zh: '阿根廷', en: 'Argentina' },
  { code: 'CO', zh: '哥伦比亚', en: 'Colombia' },
  { code: 'EG', zh: '埃及', en: 'Egypt' },
  { code: 'NG', zh: '尼日利亚', en: 'Nigeria' },
  { code: 'ZA', zh: '南非', en: 'South Africa' },
  { code: 'AU', zh: '澳大利亚', en: 'Australia' },
  { code: 'NZ', zh: '新西兰', en: 'New Zealand' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES: readonly CountryCode[] = COUNTRIES.map((country) => country.code);

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

/** A country's name in the page's language (Chinese for zh-*, English otherwise); a value off the list as it is. */
export function countryName(value: string, language: string): string {
  const country = COUNTRIES.find((entry) => entry.code === value);
  if (!country) return value;
  return language.startsWith('zh') ? country.zh : country.en;
}
