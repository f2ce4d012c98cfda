import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { ANSWERED_MEDIA_TYPE } from './json-post';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** Valid, invalid, unparsable, introspection; then variables (missing, sent), a resolver's refusal, an operation picked by name. */
const OPERATIONS: { query: string; variables?: Record<string, unknown>; operationName?: string }[] = [
  { query: '{ project { setting { audienceRegOpen } } }' },
  { query: '{ project { setting { nope } } }' },
  { query: '{ project {' },
  { query: '{ __schema { types { name } } }' },
  { query: 'query Badge($id: ID!) { badge(id: $id) { id } }', variables: {} },
  { query: 'query Badge($id: ID!) { badge(id: $id) { id } }', variables: { id: 'b-1' } },
  { query: '{ viewer { __typename } }' },
  { query: 'query A { viewer { __typename } } query B { project { setting { audienceRegOpen } } }', operationName: 'B' },
];

/** What a client sees: status, content type and body. */
async function answerOf(response: Response) {
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

function searchOf({ query, variables, operationName }: (typeof OPERATIONS)[number]): string {
  const search = new URLSearchParams({ query });
  if (variables) search.set('variables', JSON.stringify(variables));
  if (operationName) search.set('operationName', operationName);
  return search.toString();
}

describe('the direct JSON path answers as Yoga does', () => {
  // Each operation is sent once per Accept value: from the second time on, a valid text is a known document
  // (executed without envelop), and its answers must still be Yoga's.
  it.each([...ANSWERED_MEDIA_TYPE.keys()].map((accept) => [accept ?? '(none)', accept]))('Accept %s: the same status, type and body as Yoga gives the same query by GET', async (_label, accept) => {
    const headers: Record<string, string> = { 'x-portal-client': 'web', 'accept-language': 'en-US', ...(accept ? { accept } : {}) };
    for (const operation of OPERATIONS) {
      const direct = await fetch(`${app.baseUrl}/apis/core/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(operation) });
      const viaYoga = await fetch(`${app.baseUrl}/apis/core/graphql?${searchOf(operation)}`, { headers });
      expect(await answerOf(direct), operation.query).toEqual(await answerOf(viaYoga));
    }
  });
});
