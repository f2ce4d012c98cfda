import { describe, expect, it } from 'vitest';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { EMPTY_BADGE, fieldOfInputPath, serverFieldProblems, toBadgeInput, validateBadge, type BadgeFormValues } from './badge-rules';

const RULES = { today: '2026-11-23', firstShowDay: '2026-12-28' };
const VALID: BadgeFormValues = {
  ...EMPTY_BADGE,
  name: '张伟',
  namePinyin: 'Zhang Wei',
  mobile: '+86 139 1234 5678',
  email: 'zhang.wei@example.com',
  idType: 'MAINLAND_ID',
  idNumber: '440304199001011233',
  country: 'CN',
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
    expect(validateBadge(VALID, RULES)).toEqual({});
    expect(toBadgeInput(VALID)).toMatchObject({ entryPhotoId: VALID.entryPhoto?.id, idPhotoId: VALID.idPhoto?.id, countryCode: '+86', phoneNumber: '13912345678' });
  });
  it('puts each problem at its field, with the mainland ID part that is wrong', () => {
    const problems = validateBadge({ ...VALID, idNumber: '440304199001011234', mobile: '+86 23912345678', entryPhoto: null, sensitiveConsent: false }, RULES);
    expect(problems).toEqual({
      idNumber: { code: 'BADGE_ID_NUMBER_INVALID', idProblem: 'CHECK_DIGIT' },
      mobile: { code: 'BADGE_PHONE_INVALID' },
      entryPhoto: { code: 'BADGE_ENTRY_PHOTO_REQUIRED' },
      sensitiveConsent: { code: 'BADGE_CONSENT_REQUIRED' },
    });
  });
  it('reports every rule at once: the +86 mobile and the check digit show while the other fields are still empty', () => {
    const problems = validateBadge({ ...EMPTY_BADGE, mobile: '1234567', idNumber: '440304199001011234' }, RULES);
    expect(problems.mobile).toEqual({ code: 'BADGE_PHONE_INVALID' });
    expect(problems.name).toEqual({ code: 'BADGE_NAME_INVALID' });
    expect(problems.idType).toEqual({ code: 'BADGE_ID_TYPE_REQUIRED' });
    expect(validateBadge({ ...EMPTY_BADGE, idType: 'MAINLAND_ID', idNumber: '440304199001011234' }, RULES).idNumber).toEqual({ code: 'BADGE_ID_NUMBER_INVALID', idProblem: 'CHECK_DIGIT' });
  });
  it('holds staff to the minimum age of 12 on the first show day', () => {
    const idOf = (birth: string) => {
      const first17 = `440304${birth.replaceAll('-', '')}123`;
      return first17 + mainlandIdCheckCharacter(first17);
    };
    expect(validateBadge({ ...VALID, idNumber: idOf('2018-03-01') }, RULES).idNumber).toEqual({ code: 'BADGE_TOO_YOUNG' });
    expect(validateBadge({ ...VALID, idNumber: idOf('2014-12-28') }, RULES)).toEqual({});
    expect(validateBadge({ ...VALID, idNumber: idOf('2014-12-29') }, RULES).idNumber).toEqual({ code: 'BADGE_TOO_YOUNG' });
  });
  it('allows a number of another code by the one mobile rule, and passport numbers', () => {
    expect(validateBadge({ ...VALID, mobile: '+852 9123 4567', idType: 'PASSPORT', idNumber: 'E12345678' }, RULES)).toEqual({});
  });
  it('maps the input paths and the server codes to fields', () => {
    expect(fieldOfInputPath('entryPhotoId')).toBe('entryPhoto');
    expect(fieldOfInputPath('idNumber')).toBe('idNumber');
    expect(fieldOfInputPath('phoneNumber')).toBe('mobile');
    expect(fieldOfInputPath('unknown')).toBeUndefined();
    const taken = new GraphQLClientError(200, [{ message: '证件号码已被使用', extensions: { code: 'BADGE_ID_NUMBER_TAKEN', classification: 'BAD_REQUEST' } }], null);
    expect(serverFieldProblems(taken)).toEqual({ idNumber: { code: 'BADGE_ID_NUMBER_TAKEN' } });
    const phoneTaken = new GraphQLClientError(200, [{ message: '该手机号码已申请过证件', extensions: { code: 'BADGE_PHONE_TAKEN', classification: 'BAD_REQUEST' } }], null);
    expect(serverFieldProblems(phoneTaken)).toEqual({ mobile: { code: 'BADGE_PHONE_TAKEN' } });
  });
});
