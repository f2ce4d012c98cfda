import { describe, expect, it } from 'vitest';
import { GraphQLClientError } from '../../lib/graphql-client';
import { mustChangePassword, rolesOf, sessionOfError, sessionOfViewer } from './session';

const ouser = {
  __typename: 'Ouser' as const,
  id: '1',
  name: 'Admin',
  nickname: null,
  mobile: null,
  email: 'admin@example.com',
  disabled: false,
  lastLoginDate: null,
  loginCount: 1,
  passwordLastUpdateAt: '2026-01-01T00:00:00Z',
  roles: [{ id: 'r1', name: 'ROLE_TICKET', note: null }],
};

describe('session', () => {
  it('a loaded viewer carries its scope', () => {
    expect(sessionOfViewer(ouser)).toEqual({ status: 'loaded', viewer: ouser, scope: 'organizer' });
  });
  it('401 or UNAUTHORIZED marks the session unauthorized, 403 or FORBIDDEN forbidden', () => {
    expect(sessionOfError(new GraphQLClientError(200, [{ message: 'x', extensions: { classification: 'UNAUTHORIZED' } }], null))).toEqual({ status: 'unauthorized' });
    expect(sessionOfError({ status: 401, message: 'x' })).toEqual({ status: 'unauthorized' });
    expect(sessionOfError(new GraphQLClientError(403, [], null))).toEqual({ status: 'forbidden' });
  });
  it('other failures leave an error', () => {
    expect(sessionOfError(new TypeError('Failed to fetch'))).toEqual({ status: 'error', error: { message: 'Failed to fetch' } });
  });
  it('an account with an initial password must change it (any kind that carries passwordLastUpdateAt)', () => {
    expect(mustChangePassword(sessionOfViewer(ouser))).toBe(false);
    expect(mustChangePassword(sessionOfViewer({ ...ouser, passwordLastUpdateAt: null }))).toBe(true);
    expect(mustChangePassword({ status: 'unauthorized' })).toBe(false);
  });
  it('roles come from an organizer viewer only', () => {
    expect(rolesOf(sessionOfViewer(ouser))).toEqual(['ROLE_TICKET']);
    expect(rolesOf({ status: 'unauthorized' })).toEqual([]);
  });
});
