import { describe, expect, it } from 'vitest';
import { badgeInputSchema, badgeFilterFromQuery, badgeFilterToSearch, isBadgeEditable, ZBadgeFilter } from './badge.schema';
import { mainlandIdCheckCharacter } from '../application/id-number';

const first17 = '31010419850312001';
const valid = {
  name: '张三',
  namePinyin: 'Zhang San',
  countryCode: '+86',
  phoneNumber: '138 0000 0001',
  email: 'Staff@Example.com',
  idType: 'MAINLAND_ID',
  idNumber: (first17 + mainlandIdCheckCharacter(first17)).toLowerCase(),
  country: '中国',
  deptName: '销售部',
  position: '经理',
  companyNameZh: '测试摩托',
  companyNameEn: 'Test Moto',
  entryPhotoId: '00000000-0000-4000-8000-000000000001',
  idPhotoId: '00000000-0000-4000-8000-000000000002',
  truthConfirmed: true,
  sensitiveConsent: true,
};
const schema = badgeInputSchema('2026-01-01');
const firstIssue = (input: Record<string, unknown>) => schema.safeParse(input).error?.issues[0]?.message;

describe('badge input', () => {
  it('accepts and normalises a valid badge', () => {
    expect(schema.parse(valid)).toMatchObject({ phoneNumber: '13800000001', email: 'staff@example.com', idNumber: first17 + mainlandIdCheckCharacter(first17) });
  });

  it('asks a mainland mobile for +86 and accepts a foreign number elsewhere', () => {
    expect(firstIssue({ ...valid, phoneNumber: '23800000001' })).toBe('BADGE_PHONE_INVALID');
    expect(firstIssue({ ...valid, countryCode: '+44', phoneNumber: '7700900123' })).toBeUndefined();
  });

  it('checks the ID number by its type', () => {
    expect(firstIssue({ ...valid, idNumber: `${first17}0`.replace(/.$/, mainlandIdCheckCharacter(first17) === '0' ? '1' : '0') })).toBe('BADGE_ID_NUMBER_INVALID');
    expect(firstIssue({ ...valid, idType: 'PASSPORT', idNumber: 'E1234567' })).toBeUndefined();
  });

  it('refuses pinyin in Chinese characters and missing consents', () => {
    expect(firstIssue({ ...valid, namePinyin: '张三' })).toBe('BADGE_NAME_PINYIN_INVALID');
    expect(firstIssue({ ...valid, sensitiveConsent: false })).toBe('BADGE_CONSENT_REQUIRED');
  });
});

describe('badge list filter', () => {
  it('round-trips through the export link', () => {
    const filter = { status: 'REJECTED' as const, createdFrom: new Date('2026-03-01T00:00:00Z'), createdTo: null, exhibitorId: null, keyword: 'zhang' };
    const query = Object.fromEntries(badgeFilterToSearch(filter));
    expect(ZBadgeFilter.parse(badgeFilterFromQuery(query))).toEqual({ ...filter, createdTo: null });
  });

  it('leaves approved badges read-only', () => {
    expect([isBadgeEditable('PENDING'), isBadgeEditable('REJECTED'), isBadgeEditable('APPROVED')]).toEqual([true, true, false]);
  });
});
