import { describe, expect, it } from 'vitest';
import { checkMainlandId, mainlandIdCheckCharacter, maskIdNumber, normaliseIdNumber } from './id-number';
import { ageOn, parseCalendarDate, shanghaiDate } from '../dates';

const TODAY = '2026-11-22';

describe('mainland resident ID (GB 11643)', () => {
  it('computes the check character', () => {
    // The standard's own example and a number ending in X.
    expect(mainlandIdCheckCharacter('11010519491231002')).toBe('X');
    expect(mainlandIdCheckCharacter('44052419800101001')).toBe('3');
  });

  it('accepts a valid number and returns the birth date', () => {
    expect(checkMainlandId('11010519491231002x', TODAY)).toEqual({ ok: true, birthDate: '1949-12-31' });
    expect(checkMainlandId('440524198001010013', TODAY)).toEqual({ ok: true, birthDate: '1980-01-01' });
  });

  it('names what is wrong', () => {
    expect(checkMainlandId('11010519491231002', TODAY)).toEqual({ ok: false, problem: 'FORMAT' });
    expect(checkMainlandId('1101051949123100AX', TODAY)).toEqual({ ok: false, problem: 'FORMAT' });
    expect(checkMainlandId('110105194902300021', TODAY)).toEqual({ ok: false, problem: 'BIRTH_DATE' });
    expect(checkMainlandId('110105209901010021', TODAY)).toEqual({ ok: false, problem: 'BIRTH_DATE' });
    expect(checkMainlandId('110105194912310021', TODAY)).toEqual({ ok: false, problem: 'CHECK_DIGIT' });
  });

  it('normalises and masks', () => {
    expect(normaliseIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
    expect(maskIdNumber('123')).toBe('***');
  });
});

describe('calendar dates in Shanghai', () => {
  it('puts an instant on the Shanghai calendar day', () => {
    expect(shanghaiDate(new Date('2025-04-09T16:00:00Z'))).toBe('2025-04-10');
    expect(shanghaiDate(new Date('2025-04-09T15:59:59Z'))).toBe('2025-04-09');
  });

  it('rejects impossible dates', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('2023-02-29')).toBeUndefined();
    expect(parseCalendarDate('2023-2-1')).toBeUndefined();
  });

  it('counts age in whole years, the birthday itself included', () => {
    expect(ageOn('2013-04-10', '2025-04-10')).toBe(12);
    expect(ageOn('2013-04-11', '2025-04-10')).toBe(11);
    expect(ageOn('2012-02-29', '2025-02-28')).toBe(12);
  });
});
