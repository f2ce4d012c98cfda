import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md are enforced by `npm run lint` (eslint-rules/module-boundaries.js).
 * These cases lint virtual files at real places in the tree, so that a deliberate violation is shown to fail.
 */
const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messagesOf(rule: string, filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}
const boundaryMessages = (filePath: string, code: string) => messagesOf('portal/module-boundaries', filePath, code);
const edgeMessages = (filePath: string, code: string) => messagesOf('portal/edge-convention', filePath, code);

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

  it('covers the edges: graphql/ and http/ reach a module through its service, models, policy or the registry', async () => {
    expect(await boundaryMessages('server/src/graphql/probe.ts', "import { findAudienceById } from '../modules/application/application.repository';\nexport const probe = findAudienceById;\n")).toEqual([
      expect.stringContaining('the edge may not import the repository of module "application"'),
    ]);
    expect(await boundaryMessages('server/src/http/probe.ts', "import { reviewResolvers } from '../modules/review/review.resolvers';\nexport const probe = reviewResolvers;\n")).toHaveLength(1);
    expect(await boundaryMessages('server/src/http/probe.ts', "import { isReviewer } from '../modules/application/application.policy';\nexport const probe = isReviewer;\n")).toEqual([]);
    expect(await boundaryMessages('server/src/graphql/probe.ts', "import { MODULES } from '../modules/registry';\nexport const probe = MODULES;\n")).toEqual([]);
  });

  it('keeps models below repositories: a models file may not import a repository', async () => {
    expect(await boundaryMessages('server/src/modules/ticket/probe.models.ts', "export type { TicketRow } from './ticket-office.repository';\n")).toEqual([
      expect.stringContaining('may not import a repository'),
    ]);
    expect(await boundaryMessages('server/src/modules/ticket/probe.repository.ts', "import type { TicketModel } from './ticket.models';\nexport type Probe = TicketModel;\n")).toEqual([]);
  });

  it('lets @portal/shared be imported only by its published paths, and shared/src import only zod and itself', async () => {
    expect(await boundaryMessages('server/src/modules/ticket/probe.ts', "import { ZTicketId } from '@portal/shared/ticket/ticket.schema';\nexport const probe = ZTicketId;\n")).toEqual([]);
    expect(await boundaryMessages('web/src/features/ticket/probe.ts', "import errors from '@portal/shared/locales/en-US/errors.json';\nexport const probe = errors;\n")).toEqual([]);
    expect(await boundaryMessages('server/src/modules/ticket/probe.ts', "import { ZTicketId } from '../../../../shared/src/ticket/ticket.schema';\nexport const probe = ZTicketId;\n")).toEqual([
      expect.stringContaining('published path'),
    ]);
    expect(await boundaryMessages('server/src/modules/ticket/probe.ts', "import { ZTicketId } from '@portal/shared/src/ticket/ticket.schema';\nexport const probe = ZTicketId;\n")).toHaveLength(1);
    expect(await boundaryMessages('web/src/lib/probe.ts', "import * as shared from '@portal/shared';\nexport const probe = shared;\n")).toHaveLength(1);
    expect(await boundaryMessages('web/src/lib/probe.ts', "import * as shared from '@portal/shared/ticket/ticket.nothing';\nexport const probe = shared;\n")).toHaveLength(1);
    expect(await boundaryMessages('shared/src/ticket/probe.ts', "import { AppError } from '../../../server/src/lib/app-error';\nexport const probe = AppError;\n")).toEqual([
      expect.stringContaining('imports only zod and its own files'),
    ]);
    expect(await boundaryMessages('shared/src/ticket/probe.ts', "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n")).toHaveLength(1);
    expect(await boundaryMessages('shared/src/ticket/probe.ts', "import { z } from 'zod';\nimport { ZTicketId } from './ticket.schema';\nexport const probe = z.object({ id: ZTicketId });\n")).toEqual([]);
  });
});

describe('the edge convention', () => {
  const service = (parameters: string) =>
    `import type { Viewer } from '../../lib/viewer';\nexport class ProbeService {\n  list(${parameters}) { return [viewer]; }\n  private read(raw: unknown) { return raw; }\n}\n`;

  it('refuses a service method or exported function taking unknown input, and takes the typed input', async () => {
    expect(await edgeMessages('server/src/modules/review/probe.service.ts', service('viewer: Viewer | undefined, rawInput: unknown'))).toEqual([
      expect.stringContaining('the service method "list" takes rawInput typed unknown'),
    ]);
    expect(await edgeMessages('server/src/modules/review/probe.service.ts', service('viewer: Viewer | undefined, { ids }: unknown'))).toHaveLength(1);
    expect(await edgeMessages('server/src/modules/review/probe.service.ts', "export function probe(input: unknown) { return input; }\n")).toHaveLength(1);
    expect(await edgeMessages('server/src/modules/review/probe.service.ts', "export const probe = (input: string | unknown) => input;\n")).toHaveLength(1);
    expect(
      await edgeMessages('server/src/modules/review/probe.service.ts', `import type { TApproveApplicationsInput } from '@portal/shared/review/review.schema';\n${service('viewer: Viewer | undefined, { ids }: TApproveApplicationsInput')}`),
    ).toEqual([]);
  });

  it('refuses an edge importing a repository or tables, even its own', async () => {
    expect(await edgeMessages('server/src/modules/ticket/probe.resolvers.ts', "import { findTicket } from './ticket-office.repository';\nexport const probe = findTicket;\n")).toEqual([
      expect.stringContaining('may not import the repository'),
    ]);
    expect(await edgeMessages('server/src/modules/ticket/probe.routes.ts', "import { tickets } from './ticket.tables';\nexport const probe = tickets;\n")).toHaveLength(1);
    expect(await edgeMessages('server/src/modules/ticket/probe.routes.ts', "import { TicketService } from './ticket.service';\nexport const probe = TicketService;\n")).toEqual([]);
  });
});
