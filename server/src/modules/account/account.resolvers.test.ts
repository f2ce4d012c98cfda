import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';

const UPDATE_PROFILE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { ... on Ouser { name nickname } ... on User { name nickname } } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`;

function passwords(current: string, next: string) {
  return { input: { currentPassword: encodePasswordForTransport(current), newPassword: encodePasswordForTransport(next) } };
}

describe('account settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('updates the viewer profile and refuses an empty name', async () => {
    const { account } = await createAccount(app, 'audience');
    const client = app.client();
    await signInDirectly(app, client, account);
    const { body } = await client.graphql(UPDATE_PROFILE, { input: { name: '  张三 ', nickname: 'San' } });
    expect(body.data).toEqual({ updateProfile: { name: '张三', nickname: 'San' } });

    const refused = await client.graphql(UPDATE_PROFILE, { input: { name: '   ' } });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST', code: 'PROFILE_NAME_INVALID' });
  });

  it('needs a session', async () => {
    const { body } = await app.client().graphql(UPDATE_PROFILE, { input: { name: 'x' } });
    expect(body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });

  it('changes the password: checks the current one and the strength, ends other sessions, keeps this one', async () => {
    const { account, password } = await createAccount(app, 'organizer');
    const [current, other] = [app.client(), app.client()];
    await signInDirectly(app, current, account);
    await signInDirectly(app, other, account);

    const wrong = await current.graphql(CHANGE_PASSWORD, passwords('not-it-123', 'NewPassw0rd'));
    expect(wrong.body.errors?.[0]?.extensions.code).toBe('PASSWORD_CURRENT_WRONG');
    const weak = await current.graphql(CHANGE_PASSWORD, passwords(password, 'short'));
    expect(weak.body.errors?.[0]?.extensions.code).toBe('PASSWORD_TOO_WEAK');
    const lettersOnly = await current.graphql(CHANGE_PASSWORD, passwords(password, 'onlyletters'));
    expect(lettersOnly.body.errors?.[0]?.extensions.code).toBe('PASSWORD_TOO_WEAK');

    const changed = await current.graphql(CHANGE_PASSWORD, passwords(password, 'NewPassw0rd'));
    expect(changed.body).toEqual({ data: { changePassword: true } });

    const stillIn = await current.graphql('{ viewer { __typename } }');
    expect(stillIn.body.data).toEqual({ viewer: { __typename: 'Ouser' } });
    const signedOut = await other.graphql('{ viewer { __typename } }');
    expect(signedOut.body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });
});
