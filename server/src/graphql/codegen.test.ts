import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '../../..');

describe('generated GraphQL types', () => {
  it('match the SDL and the web operation documents (run `npm run codegen` when this fails)', async () => {
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/codegen.ts', '--check'], { cwd: root }).catch(
      (error: { stdout: string; stderr: string }) => ({ ...error, failed: true }),
    );
    expect(stderr).toBe('');
    expect(stdout).toBe('');
  }, 60_000);
});
