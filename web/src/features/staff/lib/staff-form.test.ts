import { describe, expect, it } from 'vitest';
import { ZCreateStaffInput } from '@portal/shared/staff/staff.schema';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { schemaProblem } from '../../../lib/schema-rule';
import { staffFormInitialValues, staffFormProblems, staffRolesInput } from './staff-form';

const refusal = (code: string, fields?: Array<{ path: string; code: string }>) => new GraphQLClientError(200, [{ message: code, extensions: { code, classification: 'BAD_REQUEST', ...(fields ? { fields } : {}) } }], null);
const shape = ZCreateStaffInput.shape;

describe('the staff account form', () => {
  it('checks each field as it is typed with the schema the server parses', () => {
    expect(schemaProblem(shape.name, '  ')).toBe('STAFF_NAME_INVALID');
    expect(schemaProblem(shape.name, '王芳')).toBeUndefined();
    // Either identity may be left empty here: that one of them is given is the server's to say.
    expect(schemaProblem(shape.email, '')).toBeUndefined();
    expect(schemaProblem(shape.mobile, undefined)).toBeUndefined();
    expect(schemaProblem(shape.email, 'wang@')).toBe('AUTH_INVALID_EMAIL');
    expect(schemaProblem(shape.mobile, '138 0013 8000')).toBeUndefined();
    expect(schemaProblem(shape.mobile, '12345')).toBe('STAFF_MOBILE_INVALID');
    expect(schemaProblem(shape.roles, [])).toBe('STAFF_ROLES_REQUIRED');
    expect(schemaProblem(shape.roles, ['ROLE_TICKET'])).toBeUndefined();
  });

  it('starts a new account with no role ticked and a roles dialog on the account’s roles', () => {
    expect(staffFormInitialValues(undefined)).toEqual({ roles: [] });
    expect(staffFormInitialValues({ roles: ['ROLE_AUDIENCE', 'ROLE_TICKET'] })).toEqual({ roles: ['ROLE_AUDIENCE', 'ROLE_TICKET'] });
  });

  it('sends only the roles when an account is edited', () => {
    const values = { name: '王芳', email: 'wang@example.com', mobile: null, roles: ['ROLE_PROJECT' as const] };
    expect(staffRolesInput({ id: 's1' }, values)).toEqual({ id: 's1', roles: ['ROLE_PROJECT'] });
  });

  it('shows a refusal at the field it is about', () => {
    expect(staffFormProblems(refusal('ACCOUNT_IDENTITY_TAKEN'))).toEqual({ email: 'ACCOUNT_IDENTITY_TAKEN' });
    expect(staffFormProblems(refusal('STAFF_IDENTITY_REQUIRED'))).toEqual({ email: 'STAFF_IDENTITY_REQUIRED' });
    expect(staffFormProblems(refusal('STAFF_SELF_LOCKOUT'))).toEqual({ roles: 'STAFF_SELF_LOCKOUT' });
    expect(staffFormProblems(refusal('VALIDATION_FAILED', [{ path: 'mobile', code: 'STAFF_MOBILE_INVALID' }, { path: 'roles.0', code: 'STAFF_ROLES_REQUIRED' }]))).toEqual({
      mobile: 'STAFF_MOBILE_INVALID',
      roles: 'STAFF_ROLES_REQUIRED',
    });
  });

  it('shows a refusal about no field, or a failure that is no refusal, only in the notice', () => {
    expect(staffFormProblems(refusal('FORBIDDEN'))).toEqual({});
    expect(staffFormProblems(refusal('VALIDATION_FAILED', [{ path: 'id', code: 'NOT_FOUND' }]))).toEqual({});
    expect(staffFormProblems(new TypeError('Failed to fetch'))).toEqual({});
  });
});
