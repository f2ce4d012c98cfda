/**
 * Module boundaries (docs/architecture.md, DESIGN §4 "Ownership"), checked on every import:
 * - server: a module uses another module only through its service, models and policy — never its
 *   repository, tables, resolvers, routes, loaders or module file; the edges (`graphql/`, `http/`)
 *   reach the modules the same way (and the registry, which lists them); `lib/` knows no module;
 *   a module's models define its domain types: they import no repository (the repository imports them);
 * - shared: `@portal/shared` is imported by its published paths only (`@portal/shared/<file>` of
 *   `shared/src`, `@portal/shared/locales/…`), never by a relative path into `shared/`, never a test
 *   file; `shared/src` runs in the browser and on the server, so it imports only zod and itself;
 * - web: a feature never imports another feature; `lib/` and `components/` import no feature.
 * Allowed on purpose: a `*.tables.ts` references another module's tables (foreign keys), tests read
 * tables to check what was stored; the demo seed (`server/src/seed`, outside the modules) bulk-writes rows
 * (docs/architecture.md).
 */
import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const PRIVATE_PARTS = /\.(repository|tables|resolvers|routes|loaders|module)$/;

/** `{ area, unit, rest }` of a path inside a boundary area, e.g. server modules or web features. */
function locate(path) {
  const parts = relative(root, path).split(sep);
  const at = (prefix) => prefix.every((part, index) => parts[index] === part);
  if (at(['server', 'src', 'modules'])) return { area: 'server-module', unit: parts.length > 4 ? parts[3] : undefined, file: parts.at(-1) ?? '' };
  if (at(['server', 'src', 'lib'])) return { area: 'server-lib' };
  if (at(['server', 'src', 'db', 'schema'])) return { area: 'server-schema' };
  if (at(['server', 'src', 'graphql']) || at(['server', 'src', 'http'])) return { area: 'server-edge' };
  if (at(['shared', 'src'])) return { area: 'shared-source' };
  if (at(['shared'])) return { area: 'shared-package' };
  if (at(['web', 'src', 'features'])) return { area: 'web-feature', unit: parts[3] };
  if (at(['web', 'src', 'lib']) || at(['web', 'src', 'components'])) return { area: 'web-shared' };
  return { area: 'other' };
}

const isTest = (file) => /\.test(-support)?\.tsx?$/.test(file) || /(^|[/\\])test[/\\]/.test(file);

function problem(from, to, target) {
  const file = from.file ?? '';
  if (from.area === 'server-module' && to.area === 'server-module' && from.unit && to.unit && from.unit !== to.unit) {
    if (isTest(file)) return undefined;
    if (file.endsWith('.tables.ts') && target.endsWith('.tables')) return undefined;
    if (PRIVATE_PARTS.test(target)) return `module "${from.unit}" may not import the ${target.match(PRIVATE_PARTS)[1]} of module "${to.unit}": call its service`;
  }
  if (from.area === 'server-edge' && to.area === 'server-module' && to.unit && !isTest(file) && PRIVATE_PARTS.test(target)) {
    return `the edge may not import the ${target.match(PRIVATE_PARTS)[1]} of module "${to.unit}": call its service (a module's resolvers and routes come through the registry)`;
  }
  if (from.area === 'server-module' && file.endsWith('.models.ts') && /\.repository$/.test(target)) {
    return `the models of module "${from.unit}" may not import a repository: models define the domain types, the repository imports them`;
  }
  if (from.area === 'server-module' && to.area === 'server-schema' && !isTest(file)) {
    return `module "${from.unit}" may not import db/schema: a module reads its own tables (./<name>.tables)`;
  }
  if (from.area === 'server-lib' && ['server-module', 'server-edge'].includes(to.area)) return 'lib/ is below the modules and edges: it may not import them';
  if (from.area === 'web-feature' && to.area === 'web-feature' && from.unit !== to.unit) {
    return `feature "${from.unit}" may not import feature "${to.unit}": share through components/ or lib/, compose in app/`;
  }
  if (from.area === 'web-shared' && to.area === 'web-feature') return 'components/ and lib/ may not import a feature';
  if (from.area === 'shared-source' && !['shared-source'].includes(to.area)) return 'shared/src runs in the browser and on the server: it imports only zod and its own files';
  if (!from.area.startsWith('shared') && (to.area === 'shared-source' || to.area === 'shared-package')) return 'import @portal/shared by its published path (@portal/shared/<file>), not by a relative path into shared/';
  return undefined;
}

const SHARED = '@portal/shared';
const sharedSource = resolve(root, 'shared', 'src');

/** What is wrong with a bare import (`zod`, `@portal/shared/…`), if anything. */
function packageProblem(from, source) {
  if (from.area === 'shared-source') {
    return source === 'zod' || isTest(from.file) ? undefined : `shared/src runs in the browser and on the server: it imports only zod and its own files, not "${source}"`;
  }
  if (source !== SHARED && !source.startsWith(`${SHARED}/`)) return undefined;
  const path = source.slice(SHARED.length + 1);
  if (path.startsWith('locales/')) return undefined;
  const published = path !== '' && !path.startsWith('src/') && !isTest(path) && ['.ts', '.tsx'].some((extension) => existsSync(resolve(sharedSource, `${path}${extension}`)));
  return published ? undefined : `"${source}" is not a published path of @portal/shared: import a file of shared/src as @portal/shared/<file> (no barrel, no src/, no test file)`;
}

export default {
  meta: { type: 'problem', docs: { description: 'module and feature boundaries' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const from = { ...locate(filename), file: relative(root, filename) };
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        const message = packageProblem(from, source);
        if (message) context.report({ node, message });
        return;
      }
      const target = resolve(dirname(filename), source);
      const message = problem(from, locate(target), target.split(sep).at(-1) ?? '');
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
