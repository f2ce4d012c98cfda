import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md are enforced by `npm run lint` (eslint-rules/module-boundaries.js).
 * These cases lint virtual files at real places in the tree, so that a deliberate violation is shown to fail.
 */
const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'portal/module-boundaries').map((message) => message.message);
}

describe('module boundaries', () => {
  it("refuses a module importing another module's repository or tables, and lets it call the service", async () => {
    expect(await boundaryMessages('server/src/modules/review/probe.ts', "import { findAudienceById } from '../application/application.repository';\nexport const probe = findAudienceById;\n")).toEqual([
      expect.stringContaining('may not import the repository of module "application"'),
    ]);
    expect(await boundaryMessages('server/src/modules/review/probe.ts', "import { audiences } from '../application/application.tables';\nexport const probe = audiences;\n")).toHaveLength(1);
    expect(await boundaryMessages('server/src/modules/review/probe.ts', "import { audiences } from '../../db/schema/index';\nexport const probe = audiences;\n")).toHaveLength(1);
    expect(await boundaryMessages('server/src/modules/review/probe.ts', "import type { ApplicationService } from '../application/application.service';\nexport type Probe = ApplicationService;\n")).toEqual([]);
  });

  it('lets tables reference tables (foreign keys) and keeps lib/ below the modules', async () => {
    expect(await boundaryMessages('server/src/modules/ticket/probe.tables.ts', "import { audiences } from '../application/application.tables';\nexport const probe = audiences;\n")).toEqual([]);
    expect(await boundaryMessages('server/src/lib/probe.ts', "import { ReviewService } from '../modules/review/review.service';\nexport const probe = ReviewService;\n")).toHaveLength(1);
  });

  it('refuses a web feature importing another feature', async () => {
    expect(await boundaryMessages('web/src/features/review/probe.ts', "import { probe as other } from '../application/api/probe';\nexport const probe = other;\n")).toEqual([
      expect.stringContaining('feature "review" may not import feature "application"'),
    ]);
    expect(await boundaryMessages('web/src/features/review/probe.ts', "import { probe as shared } from '../../lib/probe';\nexport const probe = shared;\n")).toEqual([]);
  });
});
