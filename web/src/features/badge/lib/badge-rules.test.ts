import { describe, expect, it } from 'vitest';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { EMPTY_BADGE, fieldOfInputPath, serverFieldProblems, toBadgeInput, validateBadge, type BadgeFormValues } from './badge-rules';

const TODAY = '2026-11-23';
const VALID: BadgeFormValues = {
  ...EMPTY_BADGE,
  name: '张伟',
  namePinyin: 'Zhang Wei',
  phoneNumber: '13912345678',
  email: 'zhang.wei@example.com',
  idType: 'MAINLAND_ID',
  idNumber: '440304199001011233',
  country: '中国',
  deptName: '市场部',
  position: '展台经理',
  companyNameZh: '演示摩托',
  companyNameEn: 'Demo Moto',
  entryPhoto: { id: '00000000-0000-4000-8000-000000000001', url: '/a' },
  idPhoto: { id: '00000000-0000-4000-8000-000000000002', url: '/b' },
  truthConfirmed: true,
  sensitiveConsent: true,
};

describe('the badge form rules (the shared schema, field by field)', () => {
  it('accepts a complete badge and sends photo ids', () => {
    expect(validateBadge(VALID, TODAY)).toEqual({});
    expect(toBadgeInput(VALID)).toMatchObject({ entryPhotoId: VALID.entryPhoto?.id, idPhotoId: VALID.idPhoto?.id, countryCode: '+86' });
  });
  it('puts each problem at its field, with the mainland ID part that is wrong', () => {
    const problems = validateBadge({ ...VALID, idNumber: '440304199001011234', phoneNumber: '23912345678', entryPhoto: null, sensitiveConsent: false }, TODAY);
    expect(problems).toEqual({
      idNumber: { code: 'BADGE_ID_NUMBER_INVALID', idProblem: 'CHECK_DIGIT' },
      phoneNumber: { code: 'BADGE_PHONE_INVALID' },
      entryPhoto: { code: 'BADGE_ENTRY_PHOTO_REQUIRED' },
      sensitiveConsent: { code: 'BADGE_CONSENT_REQUIRED' },
    });
  });
  it('allows any phone number of 5–15 digits outside the mainland, and passport numbers', () => {
    expect(validateBadge({ ...VALID, countryCode: '+852', phoneNumber: '91234567', idType: 'PASSPORT', idNumber: 'E12345678' }, TODAY)).toEqual({});
  });
  it('maps the input paths and the server codes to fields', () => {
    expect(fieldOfInputPath('entryPhotoId')).toBe('entryPhoto');
    expect(fieldOfInputPath('idNumber')).toBe('idNumber');
    expect(fieldOfInputPath('unknown')).toBeUndefined();
    const taken = new GraphQLClientError(200, [{ message: '证件号码已被使用', extensions: { code: 'BADGE_ID_NUMBER_TAKEN', classification: 'BAD_REQUEST' } }], null);
    expect(serverFieldProblems(taken)).toEqual({ idNumber: { code: 'BADGE_ID_NUMBER_TAKEN' } });
  });
});
