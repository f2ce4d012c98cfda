import { describe, expect, it } from 'vitest';
import { ZVisitorName } from './application.schema';
import { NAME_MAX_LENGTH } from './application-limits';
import { visitorNameProblem } from './visitor-name';

describe('visitor name (SPEC 5)', () => {
  it('Chinese names with the middle dot and Latin names with spaces, hyphens and apostrophes; at most 50 characters', () => {
    expect(visitorNameProblem('')).toBe('AUDIENCE_NAME_REQUIRED');
    expect(visitorNameProblem('阿依古丽·买买提')).toBeUndefined();
    expect(visitorNameProblem("Seán O'Brien-Smith")).toBeUndefined();
    expect(visitorNameProblem('a'.repeat(NAME_MAX_LENGTH))).toBeUndefined();
    expect(visitorNameProblem('a'.repeat(NAME_MAX_LENGTH + 1))).toBe('AUDIENCE_NAME_INVALID');
    expect(visitorNameProblem('Visitor 3')).toBe('AUDIENCE_NAME_INVALID');
    expect(visitorNameProblem('-Anna')).toBe('AUDIENCE_NAME_INVALID');
  });

  it('the schema trims and reports the same codes (the server and the form share the rule)', () => {
    expect(ZVisitorName.parse('  张三 ')).toBe('张三');
    expect(ZVisitorName.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual(['AUDIENCE_NAME_REQUIRED']);
    expect(ZVisitorName.safeParse('Visitor 3').error?.issues.map((issue) => issue.message)).toEqual(['AUDIENCE_NAME_INVALID']);
    expect(ZVisitorName.safeParse(3).error?.issues.map((issue) => issue.message)).toEqual(['AUDIENCE_NAME_INVALID']);
  });
});
