import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { graphqlAs, type CookieJar } from './api-session';
import { repoRoot } from './server-process';

const run = promisify(execFile);

/**
 * `npm run device -- <args> --json` (the reference gate client, device/) against `serverUrl` with the gate's token
 * and its state file; the last line of its output, parsed.
 */
export async function runDevice<T>(gate: { serverUrl: string; token: string; stateFile: string }, ...args: string[]): Promise<T> {
  const { stdout } = await run('npm', ['run', '--silent', 'device', '--', ...args, '--json', '--server', gate.serverUrl, '--state', gate.stateFile], {
    cwd: repoRoot,
    env: { ...process.env, PORTAL_DEVICE_TOKEN: gate.token },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as T;
}

/** A gate for every ticket kind and day, registered by the organizer through the API; its token (the hardware journey does it through the pages). */
export async function registerGate(origin: string, organizer: CookieJar, device: { name: string; location: string }): Promise<string> {
  const registered = await graphqlAs<{ registerEntranceDevice: { id: string } }>(origin, organizer, 'mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { id } }', {
    input: { ...device, kind: 'GATE', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] },
  });
  const issued = await graphqlAs<{ issueDeviceToken: { token: string } }>(origin, organizer, 'mutation ($id: ID!) { issueDeviceToken(id: $id) { token } }', { id: registered.registerEntranceDevice.id });
  return issued.issueDeviceToken.token;
}
