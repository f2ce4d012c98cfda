import { describe, expect, it } from 'vitest';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { dayState, draftOf, EMPTY_APPLICATION, readDraft, serverFieldProblems, type ApplicationFormValues } from './application-rules';
import { parseApplication, validateApplication } from './application-validation';

const ENTRY = '11111111-1111-4111-8111-111111111111';
const ID_PHOTO = '22222222-2222-4222-8222-222222222222';
const CHANNEL = '33333333-3333-4333-8333-333333333333';

function mainlandId(birth: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}002`;
  return first17 + mainlandIdCheckCharacter(first17);
}

const valid: ApplicationFormValues = {
  name: '张三',
  mobile: '13800000001',
  email: 'Zhang.San@Example.com ',
  idType: 'MAINLAND_ID',
  idNumber: mainlandId('1990-03-07'),
  birthDate: null,
  entryPhoto: { id: ENTRY, url: '/p/1' },
  idPhoto: { id: ID_PHOTO, url: '/p/2' },
  visitDates: ['2025-04-11', '2025-04-10'],
  activationCode: 'vip-abc123',
  channelId: CHANNEL,
  truthConfirmed: true,
  sensitiveConsent: true,
  counterCheck: false,
};
const context = { today: '2025-03-01', firstShowDay: '2025-04-10' };

describe('validateApplication', () => {
  it('accepts a complete application', () => {
    expect(validateApplication(valid, context)).toEqual({});
  });

  it('gives every empty field its own error code', () => {
    expect(validateApplication(EMPTY_APPLICATION, context)).toEqual({
      name: { code: 'AUDIENCE_NAME_REQUIRED' },
      mobile: { code: 'AUDIENCE_MOBILE_REQUIRED' },
      // SPEC 5: an empty email is "required", not "valid address".
      email: { code: 'AUDIENCE_EMAIL_REQUIRED' },
      idType: { code: 'AUDIENCE_ID_TYPE_REQUIRED' },
      idNumber: { code: 'AUDIENCE_ID_NUMBER_INVALID' },
      entryPhoto: { code: 'AUDIENCE_ENTRY_PHOTO_REQUIRED' },
      idPhoto: { code: 'AUDIENCE_ID_PHOTO_REQUIRED' },
      visitDates: { code: 'VISIT_DATE_REQUIRED' },
      activationCode: { code: 'ACTIVATION_CODE_REQUIRED' },
      truthConfirmed: { code: 'AUDIENCE_TRUTH_REQUIRED' },
      sensitiveConsent: { code: 'AUDIENCE_CONSENT_REQUIRED' },
    });
  });

  it('checks the mainland ID at once (GB 11643): format, birth date, check character', () => {
    const id = valid.idNumber;
    const wrongCheck = id.slice(0, 17) + (id[17] === '1' ? '2' : '1');
    expect(validateApplication({ ...valid, idNumber: wrongCheck }, context).idNumber).toEqual({ code: 'AUDIENCE_ID_NUMBER_INVALID', idProblem: 'CHECK_DIGIT' });
    expect(validateApplication({ ...valid, idNumber: '1101051990' }, context).idNumber).toEqual({ code: 'AUDIENCE_ID_NUMBER_INVALID', idProblem: 'FORMAT' });
    expect(validateApplication({ ...valid, idNumber: mainlandId('1990-02-30') }, context).idNumber).toEqual({ code: 'AUDIENCE_ID_NUMBER_INVALID', idProblem: 'BIRTH_DATE' });
    expect(validateApplication({ ...valid, idNumber: id.toLowerCase() }, context)).toEqual({});
  });

  it('needs attendees aged 12 on the first show day, from the mainland ID or the birth date', () => {
    expect(validateApplication({ ...valid, idNumber: mainlandId('2013-04-11') }, context).idNumber).toEqual({ code: 'AUDIENCE_TOO_YOUNG' });
    expect(validateApplication({ ...valid, idNumber: mainlandId('2013-04-10') }, context)).toEqual({});
    expect(validateApplication({ ...valid, idType: 'PASSPORT', idNumber: 'E12345678', birthDate: '2014-01-01' }, context).birthDate).toEqual({ code: 'AUDIENCE_TOO_YOUNG' });
  });

  it('checks a non-mainland ID number with the server’s pattern (shared schema)', () => {
    expect(validateApplication({ ...valid, idType: 'PASSPORT', idNumber: 'E1', birthDate: '1980-05-01' }, context).idNumber).toEqual({ code: 'AUDIENCE_ID_NUMBER_INVALID' });
    expect(validateApplication({ ...valid, idType: 'PASSPORT', idNumber: 'e1234567', birthDate: '1980-05-01' }, context)).toEqual({});
  });

  it('names no birth-date problem before an ID type is chosen (the field is not shown)', () => {
    expect(validateApplication({ ...valid, idType: null }, context).birthDate).toBeUndefined();
  });

  it('asks the birth date only for non-mainland IDs', () => {
    expect(validateApplication({ ...valid, idType: 'PASSPORT', idNumber: 'E12345678' }, context).birthDate).toEqual({ code: 'AUDIENCE_BIRTH_DATE_REQUIRED' });
    expect(validateApplication({ ...valid, idType: 'HK_MACAO_PERMIT', idNumber: 'H12345678', birthDate: '1980-05-01' }, context)).toEqual({});
    expect(validateApplication({ ...valid, birthDate: 'garbage' }, context)).toEqual({});
  });

  it('takes mainland and international mobiles, refuses others', () => {
    expect(validateApplication({ ...valid, mobile: '+447700900123' }, context)).toEqual({});
    expect(validateApplication({ ...valid, mobile: '03800000001' }, context).mobile).toEqual({ code: 'AUDIENCE_MOBILE_INVALID' });
    expect(validateApplication({ ...valid, mobile: '1380000000' }, context).mobile).toEqual({ code: 'AUDIENCE_MOBILE_INVALID' });
  });

  it('refuses a name with digits and an invalid email', () => {
    expect(validateApplication({ ...valid, name: 'R2D2' }, context).name).toEqual({ code: 'AUDIENCE_NAME_INVALID' });
    expect(validateApplication({ ...valid, email: 'a@b' }, context).email).toEqual({ code: 'AUTH_INVALID_EMAIL' });
  });
});

describe('parseApplication', () => {
  it('sends what the server parses: +86 mobile, lower-case email, upper-case code, sorted days, photo ids', () => {
    expect(parseApplication(valid)).toEqual({
      name: '张三',
      mobile: '+8613800000001',
      email: 'zhang.san@example.com',
      idType: 'MAINLAND_ID',
      idNumber: valid.idNumber,
      birthDate: null,
      entryPhotoId: ENTRY,
      idPhotoId: ID_PHOTO,
      visitDates: ['2025-04-10', '2025-04-11'],
      activationCode: 'VIP-ABC123',
      channelId: CHANNEL,
      truthConfirmed: true,
      sensitiveConsent: true,
      counterCheck: false,
    });
    expect(parseApplication({ ...valid, idType: 'PASSPORT', birthDate: '1980-01-01' })?.birthDate).toBe('1980-01-01');
    expect(parseApplication({ ...valid, channelId: null })?.channelId).toBeNull();
    expect(parseApplication({ ...valid, truthConfirmed: false })).toBeUndefined();
  });
});

describe('serverFieldProblems', () => {
  const refusal = (extensions: Record<string, unknown>) => new GraphQLClientError(200, [{ message: 'refused', extensions }], null);

  it('marks the fields the server lists', () => {
    expect(
      serverFieldProblems(refusal({ code: 'AUDIENCE_ENTRY_PHOTO_REQUIRED', fields: [{ path: 'entryPhotoId', code: 'AUDIENCE_ENTRY_PHOTO_REQUIRED' }, { path: 'visitDates.0', code: 'VALIDATION_FAILED' }] })),
    ).toEqual({ entryPhoto: { code: 'AUDIENCE_ENTRY_PHOTO_REQUIRED' }, visitDates: { code: 'VALIDATION_FAILED' } });
  });

  it('puts a code without fields on the field it belongs to', () => {
    expect(serverFieldProblems(refusal({ code: 'ACTIVATION_CODE_INVALID' }))).toEqual({ activationCode: { code: 'ACTIVATION_CODE_INVALID' } });
    expect(serverFieldProblems(refusal({ code: 'AUDIENCE_ID_NUMBER_TAKEN' }))).toEqual({ idNumber: { code: 'AUDIENCE_ID_NUMBER_TAKEN' } });
    expect(serverFieldProblems(refusal({ code: 'VISIT_DATE_FULL' }))).toEqual({ visitDates: { code: 'VISIT_DATE_FULL' } });
    expect(serverFieldProblems(refusal({ code: 'INTERNAL' }))).toEqual({});
    expect(serverFieldProblems(new Error('network'))).toEqual({});
  });
});

describe('dayState', () => {
  const day = { day: '2025-04-10', capacity: 100, remaining: 0, deadline: '2025-04-09T16:00:00Z' };
  it('closes at the deadline, is full without seats unless the visitor already holds one', () => {
    expect(dayState({ ...day, remaining: 5 }, new Date('2025-04-09T15:59:59Z'), false)).toBe('open');
    expect(dayState({ ...day, remaining: 5 }, new Date('2025-04-09T16:00:00Z'), false)).toBe('closed');
    expect(dayState(day, new Date('2025-04-01T00:00:00Z'), false)).toBe('full');
    expect(dayState(day, new Date('2025-04-01T00:00:00Z'), true)).toBe('open');
  });
});

describe('draft', () => {
  it('keeps typed values and photo ids, never the consents', () => {
    const draft = draftOf(valid);
    expect(draft).not.toHaveProperty('truthConfirmed');
    expect(draft).not.toHaveProperty('sensitiveConsent');
    expect(draft.entryPhoto).toEqual({ id: ENTRY, url: '/p/1' });
    const storage = { getItem: () => JSON.stringify({ ...valid, unknown: 1 }) };
    expect(readDraft(storage, 'k')).toEqual(draft);
    expect(readDraft({ getItem: () => '{broken' }, 'k')).toBeUndefined();
    expect(readDraft({ getItem: () => null }, 'k')).toBeUndefined();
  });
});
