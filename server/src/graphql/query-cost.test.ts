import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../test/factories';
import { productionEnv } from '../test/production-env';
import { signInDirectly } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { cachedOperationCost, MAX_QUERY_COST, operationCost } from './query-cost';
import { buildSchema } from './schema';

const schema = buildSchema();
const ALIASES = Array.from({ length: 20 }, (_, index) => `a${index}: audiences(pageSize: 100) { nodes { channel { name } visitDates { day } statusHistory { toStatus at } } }`);
const EXPENSIVE = `{ ${ALIASES.join(' ')} }`;

/** Every operation the web app sends (web/src/features/<feature>/api/*.graphql). */
function webOperations(): Array<{ file: string; source: string }> {
  const features = resolve(import.meta.dirname, '../../../web/src/features');
  return readdirSync(features).flatMap((feature) => {
    const api = join(features, feature, 'api');
    let files: string[] = [];
    try {
      files = readdirSync(api).filter((file) => file.endsWith('.graphql'));
    } catch {
      return [];
    }
    return files.map((file) => ({ file: `${feature}/api/${file}`, source: readFileSync(join(api, file), 'utf8') }));
  });
}

describe('query cost', () => {
  it('counts page size × what each item selects', () => {
    const one = operationCost(schema, parse('{ audiences(pageSize: 100) { total nodes { id name } } }'), {});
    expect(one).toBe(1 + 100 * (1 + 1 + 2));
    const byVariable = operationCost(schema, parse('query($n: Int) { audiences(pageSize: $n) { nodes { id } } }'), { n: 50 });
    expect(byVariable).toBe(1 + 50 * 2);
    // Beyond the largest page any list serves, the server serves 100: counted as 100.
    expect(operationCost(schema, parse('query($n: Int) { audiences(pageSize: $n) { nodes { id } } }'), { n: 1e9 })).toBe(1 + 100 * 2);
    // The argument's default (20) when nothing is sent.
    expect(operationCost(schema, parse('{ audiences { nodes { id } } }'), {})).toBe(1 + 20 * 2);
  });

  it('keeps the cost of a document per the page sizes sent in its variables', () => {
    const cost = cachedOperationCost();
    const byVariable = parse('query($n: Int) { audiences(pageSize: $n) { nodes { id } } }');
    expect([cost(schema, byVariable, { n: 5 }), cost(schema, byVariable, { n: 50 }), cost(schema, byVariable, { n: 5 })]).toEqual([1 + 5 * 2, 1 + 50 * 2, 1 + 5 * 2]);
    // Not a number: the argument's default (20), as the walk reads it.
    expect([cost(schema, byVariable, { n: 'many' }), cost(schema, byVariable, {}), cost(schema, byVariable, { n: 1e9 })]).toEqual([1 + 20 * 2, 1 + 20 * 2, 1 + 100 * 2]);
    const twoOperations = parse('query Small { audiences(pageSize: 5) { nodes { id } } } query Large { audiences(pageSize: 100) { nodes { id } } }');
    expect([cost(schema, twoOperations, {}, 'Small'), cost(schema, twoOperations, {}, 'Large'), cost(schema, twoOperations, {}, 'Small')]).toEqual([11, 201, 11]);
    expect(cost(schema, parse(EXPENSIVE), {})).toBe(operationCost(schema, parse(EXPENSIVE), {}));
  });

  it('refuses 20 aliased 100-row pages, and lets every web operation through at its largest page', () => {
    expect(operationCost(schema, parse(EXPENSIVE), {})).toBeGreaterThan(MAX_QUERY_COST);
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { file, source } of operations) {
      const cost = operationCost(schema, parse(source), { pageSize: 100 });
      expect({ file, cost: cost <= MAX_QUERY_COST }).toEqual({ file, cost: true });
    }
  });

  it('answers QUERY_TOO_COMPLEX over HTTP before any resolver runs', async () => {
    const app = await createTestApp();
    try {
      const { account } = await createAccount(app, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] });
      const client = app.client();
      await signInDirectly(app, client, account);
      const list = vi.spyOn(app.portal.app.services.applications, 'list');
      const { body } = await client.graphql(EXPENSIVE);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST', code: 'QUERY_TOO_COMPLEX' });
      expect(list).not.toHaveBeenCalled();
      const page = await client.graphql('{ audiences(pageSize: 100) { total nodes { id channel { name } visitDates { day } } } }');
      expect(page.body.errors).toBeUndefined();
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });
});

describe('GraphQL in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(productionEnv());
  });
  afterAll(() => app?.close());

  const INTROSPECTION = '{ __schema { types { name } } }';

  it('closes introspection to anonymous callers and visitors, keeps it for organizers', async () => {
    for (const query of [INTROSPECTION, '{ __type(name: "Audience") { fields { name } } }', 'query { project { setting { audienceRegOpen } } __schema { queryType { name } } }']) {
      const { body } = await app.client().graphql(query);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'FORBIDDEN', code: 'FORBIDDEN' });
    }
    const visitor = app.client();
    await signInDirectly(app, visitor, (await createAccount(app, 'audience')).account);
    expect((await visitor.graphql(INTROSPECTION)).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const organizer = app.client();
    await signInDirectly(app, organizer, (await createAccount(app, 'organizer')).account);
    const { body } = await organizer.graphql<{ __schema: { types: unknown[] } }>(INTROSPECTION);
    expect(body.data?.__schema.types.length).toBeGreaterThan(10);
    // __typename is not introspection of the schema.
    expect((await app.client().graphql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
  });

  it('suggests no field or enum value', async () => {
    const organizer = app.client();
    await signInDirectly(app, organizer, (await createAccount(app, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] })).account);
    const answers = [
      await organizer.graphql('{ audiences(sort: NAME_AS) { total } }'),
      await organizer.graphql('query($sort: AudienceSort) { audiences(sort: $sort) { total } }', { sort: 'NAME_AS' }),
      await organizer.graphql('{ viewr { __typename } }'),
      await organizer.graphql('{ audiences { totl } }'),
    ];
    for (const { body } of answers) {
      expect(body.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(body)).not.toMatch(/did you mean|NAME_ASC|viewer|total"/i);
    }
  });
});
