import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditServer } from 'graphql-http';
import { createTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('GraphQL over HTTP', () => {
  it('passes every MUST of the graphql-http audit suite as a standard client (no portal header)', async () => {
    const results = await auditServer({ url: `${app.baseUrl}/apis/core/graphql` });
    const failures = await Promise.all(
      results
        .filter((result) => result.status !== 'ok')
        .map(async (result) => ({
          id: result.id,
          name: result.name,
          status: result.status,
          reason: 'reason' in result ? result.reason : undefined,
          body: 'response' in result ? (await result.response.clone().text()).slice(0, 300) : undefined,
        })),
    );
    if (failures.length) console.info(JSON.stringify(failures, null, 1));
    expect(failures.filter((failure) => failure.name.startsWith('MUST'))).toEqual([]);
  });
});
