import { describe, expect, it } from 'vitest';
import { badgeInputSchema, badgeFilterFromQuery, badgeFilterToSearch, ZBadgeFilter, ZBadgeTicketInput } from './badge.schema';
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
  country: 'CN',
  deptName: '销售部',
  position: '经理',
  companyNameZh: '测试摩托',
  companyNameEn: 'Test Moto',
  entryPhotoId: '00000000-0000-4000-8000-000000000001',
  idPhotoId: '00000000-0000-4000-8000-000000000002',
  truthConfirmed: true,
  sensitiveConsent: true,
};
const schema = badgeInputSchema({ today: '2026-01-01', firstShowDay: '2026-04-10' });
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

  it('reports every field at once: the joint phone and ID rules do not wait for the other fields', () => {
    const issues = schema.safeParse({ ...valid, name: '', phoneNumber: '23800000001', idNumber: '310104198503120010' }).error?.issues ?? [];
    expect(new Set(issues.map((issue) => `${issue.path.join('.')} ${issue.message}`))).toEqual(new Set(['name BADGE_NAME_INVALID', 'phoneNumber BADGE_PHONE_INVALID', 'idNumber BADGE_ID_NUMBER_INVALID']));
    expect(schema.safeParse(null).success).toBe(false);
  });

  it('holds staff to the minimum age on the first show day', () => {
    const born = (date: string) => {
      const digits = `310104${date.replaceAll('-', '')}001`;
      return digits + mainlandIdCheckCharacter(digits);
    };
    expect(firstIssue({ ...valid, idNumber: born('2014-04-11') })).toBe('BADGE_TOO_YOUNG');
    expect(firstIssue({ ...valid, idNumber: born('2014-04-10') })).toBeUndefined();
    expect(badgeInputSchema({ today: '2026-01-01', firstShowDay: undefined }).safeParse({ ...valid, idNumber: born('2018-01-01') }).success).toBe(true);
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
});

describe('the /ticket look-up', () => {
  it('reads the mobile the way the one mobile input sends it, a number pasted with its own code included', () => {
    const phoneOf = (phoneNumber: string) => ZBadgeTicketInput.parse({ idNumber: '110105199606170068', phoneNumber }).phoneNumber;
    expect(phoneOf('+86 139 2928 6011')).toBe('+8613929286011');
    expect(phoneOf('+86 +8613929286011')).toBe('+8613929286011');
    expect(phoneOf('13929286011')).toBe('+8613929286011');
    // A number off the rule is compared as typed (it then matches no badge), never refused with another answer.
    expect(phoneOf('+86 139-00')).toBe('+8613900');
  });
});
