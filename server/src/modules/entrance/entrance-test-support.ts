import type { TestApp, TestClient } from '../../test/test-app';
import { DEVICE_API_PREFIX } from './entrance-device.routes';

export const DEVICE_FIELDS = `id name location kind days ticketKinds hasToken tokenIssuedAt lastHeartbeatAt clockOffsetMs feedVersion queuedScans online scansToday { hour admitted denied } conflictsToday createdAt`;
export const REGISTER = `mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { ${DEVICE_FIELDS} } }`;
export const ISSUE_TOKEN = `mutation ($id: ID!) { issueDeviceToken(id: $id) { token device { id hasToken tokenIssuedAt } } }`;
export const REVOKE_TOKEN = `mutation ($id: ID!) { revokeDeviceToken(id: $id) { id hasToken tokenIssuedAt } }`;

let serial = 0;
/** A device name no other test uses. */
export function uniqueDeviceName() {
  serial += 1;
  return `Gate ${Date.now() % 1e7}-${serial}`;
}

/** Registers a device (every ticket kind, every day unless told) and issues its token. */
export async function registerDeviceWithToken(manager: TestClient, input: Partial<{ days: string[]; ticketKinds: string[] }> = {}) {
  const registered = await manager.graphql<{ registerEntranceDevice: { id: string; name: string } }>(REGISTER, {
    input: { name: uniqueDeviceName(), location: 'East hall', kind: 'GATE', days: input.days ?? [], ticketKinds: input.ticketKinds ?? ['VISITOR', 'BADGE', 'IMPORTED'] },
  });
  const device = registered.body.data?.registerEntranceDevice;
  if (!device) throw new Error(JSON.stringify(registered.body.errors));
  const issued = await manager.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: device.id });
  const token = issued.body.data?.issueDeviceToken.token;
  if (!token) throw new Error(JSON.stringify(issued.body.errors));
  return { device, token };
}

/**
 * A call of the device API as a gate makes it: bearer token, JSON, no cookie, no CSRF header. The body is
 * serialised with JSON.stringify (a lone surrogate or a NUL byte goes as its `\u` escape); `text` is the
 * answer's bytes as they came.
 */
export async function deviceCall(app: Pick<TestApp, 'baseUrl'>, token: string | undefined, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.baseUrl}${DEVICE_API_PREFIX}/${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get('content-type') ?? '';
  const text = type.includes('json') ? await response.text() : '';
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
