import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';

const VIEWER = /* GraphQL */ `
  query Viewer {
    viewer {
      __typename
      ... on Ouser { id name email loginCount disabled roles { id name note } }
      ... on User { id mobile audience { id approveStatus } }
      ... on Xuser { id email passwordLastUpdateAt exhibitor { nameZh nameEn credentialLimit status bootNumber } }
    }
  }
`;

describe('viewer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is UNAUTHORIZED without a session, with the message in the caller language', async () => {
    const { body } = await app.client({ locale: 'zh-CN' }).graphql(VIEWER);
    expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'UNAUTHORIZED', code: 'UNAUTHENTICATED' });
    expect(body.errors?.[0]?.message).toBe('请先登录');
    const english = await app.client().graphql(VIEWER);
    expect(english.body.errors?.[0]?.message).toBe('Please sign in first');
  });

  it('is an Ouser with roles for an organizer', async () => {
    const { account } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE', 'ROLE_PROJECT'] });
    const client = app.client();
    await signInDirectly(app, client, account);
    const { body } = await client.graphql<{ viewer: { __typename: string; roles: Array<{ id: string; name: string }> } }>(VIEWER);
    expect(body.errors).toBeUndefined();
    expect(body.data?.viewer.__typename).toBe('Ouser');
    expect(body.data?.viewer.roles.map((role) => role.id)).toEqual(['ROLE_AUDIENCE', 'ROLE_PROJECT']);
    // The web guards compare role names: they are the authorities themselves.
    expect(body.data?.viewer.roles.map((role) => role.name)).toEqual(['ROLE_AUDIENCE', 'ROLE_PROJECT']);
  });

  it('is a User without an audience record for a new visitor', async () => {
    const { account } = await createAccount(app, 'audience');
    const client = app.client();
    await signInDirectly(app, client, account);
    const { body } = await client.graphql<{ viewer: { __typename: string; mobile: string; audience: null } }>(VIEWER);
    expect(body.data?.viewer).toMatchObject({ __typename: 'User', mobile: account.mobile, audience: null });
  });

  it('is an Xuser with its exhibitor for an exhibitor', async () => {
    const { account } = await createAccount(app, 'exhibitor');
    const client = app.client();
    await signInDirectly(app, client, account);
    const { body } = await client.graphql<{ viewer: { __typename: string; passwordLastUpdateAt: string; exhibitor: Record<string, unknown> } }>(VIEWER);
    expect(body.data?.viewer.__typename).toBe('Xuser');
    expect(body.data?.viewer.passwordLastUpdateAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.data?.viewer.exhibitor).toEqual({ nameZh: '测试摩托', nameEn: 'Test Moto', credentialLimit: 5, status: 'ACTIVE', bootNumber: 'B-2' });
  });

  it('ends for a disabled account', async () => {
    const { account } = await createAccount(app, 'organizer');
    const client = app.client();
    await signInDirectly(app, client, account);
    await app.portal.app.services.accounts.setDisabled(account.id, true);
    const { body } = await client.graphql(VIEWER);
    expect(body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });
});
