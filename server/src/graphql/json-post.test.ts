import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { ANSWERED_MEDIA_TYPE } from './json-post';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const DOCUMENTS = ['{ project { setting { audienceRegOpen } } }', '{ project { setting { nope } } }', '{ project {', '{ __schema { types { name } } }'];

/** What a client sees: status, content type and body. */
async function answerOf(response: Response) {
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

describe('the direct JSON path answers as Yoga does', () => {
  it.each([...ANSWERED_MEDIA_TYPE.keys()].map((accept) => [accept ?? '(none)', accept]))('Accept %s: the same status, type and body as Yoga gives the same query by GET', async (_label, accept) => {
    const headers: Record<string, string> = { 'x-portal-client': 'web', 'accept-language': 'en-US', ...(accept ? { accept } : {}) };
    for (const query of DOCUMENTS) {
      const direct = await fetch(`${app.baseUrl}/apis/core/graphql`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
      const viaYoga = await fetch(`${app.baseUrl}/apis/core/graphql?query=${encodeURIComponent(query)}`, { headers });
      expect(await answerOf(direct), query).toEqual(await answerOf(viaYoga));
    }
  });
});
