import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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
