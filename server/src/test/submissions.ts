import sharp from 'sharp';
import type { Role } from '@portal/shared/auth/scopes';
import type { PhotoPurpose } from '../modules/media/media.models';
import { createAccount } from './factories';
import { signInDirectly } from './sessions';
import type { TestApp, TestClient } from './test-app';

const UPLOAD = `mutation ($file: Upload!, $purpose: PhotoPurpose!, $counterCheck: Boolean) { uploadPhoto(file: $file, purpose: $purpose, counterCheck: $counterCheck) { id url } }`;

/** A picture without faces that passes the photo checks (≥ 20 KB, ≥ 200×200): random noise. */
export async function noisePicture(width = 320, height = 240) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Uploads a picture of `purpose` as the client's account (a noise picture unless one is given: people's photos need
 * a face, unless `counterCheck`: its person chose to be verified at the counter).
 */
export async function uploadPicture(client: TestClient, purpose: PhotoPurpose, picture?: Buffer, options: { counterCheck?: boolean } = {}) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose, counterCheck: options.counterCheck ?? null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(picture ?? (await noisePicture()))], { type: 'image/jpeg' }), 'picture.jpg');
  const response = await client.fetch('/apis/core/graphql', { method: 'POST', body: form });
  const body = (await response.json()) as { data?: { uploadPhoto: { id: string; url: string } } | null; errors?: unknown };
  if (!body.data) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);
  return body.data.uploadPhoto;
}

/** A signed-in client of a new account: an exhibitor (own company, booth B-2) or an organizer with roles. */
export async function signedInClient(app: TestApp, scope: 'organizer' | 'exhibitor' | 'audience', roles: Role[] = []) {
  const { account } = await createAccount(app, scope, { roles });
  const client = app.client();
  await signInDirectly(app, client, account);
  return { client, account };
}

/** Clients outside the audience section (SECTION_RULES.audience): a visitor, an exhibitor, an organizer of another section. */
export async function clientsOutsideAudienceSection(app: TestApp): Promise<TestClient[]> {
  const outsiders: Array<[scope: 'audience' | 'exhibitor' | 'organizer', roles: Role[]]> = [
    ['audience', []],
    ['exhibitor', []],
    ['organizer', ['ROLE_EXHIBITOR']],
  ];
  const clients = [];
  for (const [scope, roles] of outsiders) clients.push((await signedInClient(app, scope, roles)).client);
  return clients;
}
