/**
 * Module boundaries (docs/architecture.md, DESIGN §4 "Ownership"), checked on every import:
 * - server: a module uses another module only through its service, models and policy — never its
 *   repository, tables, resolvers, routes, loaders or module file; `lib/` knows no module;
 * - web: a feature never imports another feature; `lib/` and `components/` import no feature.
 * Allowed on purpose: a `*.tables.ts` references another module's tables (foreign keys), tests read
 * tables to check what was stored, and the demo seed bulk-writes rows (docs/architecture.md).
 */
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
  if (at(['web', 'src', 'features'])) return { area: 'web-feature', unit: parts[3] };
  if (at(['web', 'src', 'lib']) || at(['web', 'src', 'components'])) return { area: 'web-shared' };
  return { area: 'other' };
}

const isTest = (file) => /\.test(-support)?\.tsx?$/.test(file) || /(^|[/\\])test[/\\]/.test(file);

function problem(from, to, target) {
  const file = from.file ?? '';
  if (from.area === 'server-module' && to.area === 'server-module' && from.unit && to.unit && from.unit !== to.unit) {
    if (from.unit === 'seed' || isTest(file)) return undefined;
    if (file.endsWith('.tables.ts') && target.endsWith('.tables')) return undefined;
    if (PRIVATE_PARTS.test(target)) return `module "${from.unit}" may not import the ${target.match(PRIVATE_PARTS)[1]} of module "${to.unit}": call its service`;
  }
  if (from.area === 'server-module' && to.area === 'server-schema' && from.unit !== 'seed' && !isTest(file)) {
    return `module "${from.unit}" may not import db/schema: a module reads its own tables (./<name>.tables)`;
  }
  if (from.area === 'server-lib' && ['server-module', 'server-edge'].includes(to.area)) return 'lib/ is below the modules and edges: it may not import them';
  if (from.area === 'web-feature' && to.area === 'web-feature' && from.unit !== to.unit) {
    return `feature "${from.unit}" may not import feature "${to.unit}": share through components/ or lib/, compose in app/`;
  }
  if (from.area === 'web-shared' && to.area === 'web-feature') return 'components/ and lib/ may not import a feature';
  return undefined;
}

export default {
  meta: { type: 'problem', docs: { description: 'module and feature boundaries' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const from = { ...locate(filename), file: relative(root, filename) };
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
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
