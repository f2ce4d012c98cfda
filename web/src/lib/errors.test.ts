import { describe, expect, it } from 'vitest';
import { isForbidden, isUnauthorized, normaliseError } from './errors';
import { GraphQLClientError } from './graphql-client';
import { RequestError } from './request';

describe('normaliseError', () => {
  it('passes an error that already has reason and message through', () => {
    expect(normaliseError({ reason: 'BAD_REQUEST', message: 'Wrong password', code: 'AUTH_WRONG_PASSWORD' })).toEqual({
      reason: 'BAD_REQUEST',
      message: 'Wrong password',
      code: 'AUTH_WRONG_PASSWORD',
    });
    const requestError = new RequestError({ message: 'Login prohibited', reason: 'FORBIDDEN', code: 'AUTH_LOGIN_PROHIBITED', status: 403 });
    expect(normaliseError(requestError)).toEqual({ reason: 'FORBIDDEN', message: 'Login prohibited', code: 'AUTH_LOGIN_PROHIBITED', status: 403 });
  });
  it('uses the first entry of the errors list, with the reason from extensions.classification', () => {
    const error = {
      errors: [
        { message: 'Please sign in first', extensions: { classification: 'UNAUTHORIZED', code: 'UNAUTHENTICATED' } },
        { message: 'second', extensions: { classification: 'FORBIDDEN' } },
      ],
    };
    expect(normaliseError(error)).toEqual({ reason: 'UNAUTHORIZED', code: 'UNAUTHENTICATED', message: 'Please sign in first' });
  });
  it('parses the entry message as JSON to get message and code', () => {
    const error = { response: { status: 200, errors: [{ message: JSON.stringify({ message: 'Registration Closed', code: 'REG_CLOSED' }), extensions: { classification: 'BAD_REQUEST' } }] } };
    expect(normaliseError(error)).toEqual({ reason: 'BAD_REQUEST', code: 'REG_CLOSED', message: 'Registration Closed', status: 200 });
  });
  it('keeps the raw text when the message is not JSON', () => {
    expect(normaliseError({ errors: [{ message: '{not json' }] })).toEqual({ message: '{not json' });
  });
  it('takes a plain string entry as the message', () => {
    expect(normaliseError({ errors: ['Something went wrong'] })).toEqual({ message: 'Something went wrong' });
  });
  it('reads the errors of a GraphQL client failure and its status', () => {
    const error = new GraphQLClientError(200, [{ message: 'No', extensions: { classification: 'FORBIDDEN', code: 'FORBIDDEN' } }], null);
    expect(normaliseError(error)).toEqual({ reason: 'FORBIDDEN', code: 'FORBIDDEN', message: 'No', status: 200 });
  });
  it('marks a 401 or 403 without classification', () => {
    expect(normaliseError(new GraphQLClientError(401, [], null))).toEqual({ reason: 'UNAUTHORIZED', message: 'GraphQL Error (Code: 401)', status: 401 });
    expect(normaliseError({ status: 403, message: 'Forbidden' })).toEqual({ reason: 'FORBIDDEN', message: 'Forbidden', status: 403 });
  });
  it('handles strings, plain errors and junk', () => {
    expect(normaliseError('boom')).toEqual({ message: 'boom' });
    expect(normaliseError(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to fetch' });
    expect(normaliseError(undefined)).toEqual({ message: 'Unknown error' });
    expect(normaliseError({ errors: [42] })).toEqual({ message: 'Unknown error' });
  });
});

describe('isUnauthorized / isForbidden', () => {
  it('recognise the status', () => {
    expect(isUnauthorized(new RequestError({ message: 'x', status: 401 }))).toBe(true);
    expect(isForbidden(new RequestError({ message: 'x', status: 403 }))).toBe(true);
    expect(isUnauthorized(new RequestError({ message: 'x', status: 400 }))).toBe(false);
  });
  it('recognise any entry classified so', () => {
    const error = new GraphQLClientError(200, [{ message: 'a', extensions: { classification: 'BAD_REQUEST' } }, { message: 'b', extensions: { classification: 'UNAUTHORIZED' } }], null);
    expect(isUnauthorized(error)).toBe(true);
    expect(isForbidden(error)).toBe(false);
    expect(isForbidden({ errors: [{ message: 'c', extensions: { classification: 'FORBIDDEN' } }] })).toBe(true);
  });
  it('recognise a normalised reason', () => {
    expect(isUnauthorized({ reason: 'UNAUTHORIZED', message: 'x' })).toBe(true);
    expect(isForbidden(null)).toBe(false);
  });
});
