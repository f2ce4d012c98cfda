/**
 * The edge convention (docs/architecture.md "How a request flows", docs/decisions/0023-parse-at-the-edge-authorise-in-the-service.md):
 * a resolver or route parses the raw input with the operation's shared zod schema (`parseInput`) and calls
 * the service with the viewer and the typed value; the service authorises and holds the rules.
 * - In a `*.service.ts`, a public method or an exported function takes no parameter typed `unknown`:
 *   raw input is parsed before it reaches a service. (A private helper may still take an unknown, e.g. an error.)
 * - A `*.resolvers.ts` or `*.routes.ts` imports no repository or tables, not even its own module's:
 *   the edge calls a service.
 */
const SERVICE = /\.service\.ts$/;
const EDGE = /\.(resolvers|routes)\.ts$/;
const STORAGE = /\.(repository|tables)$/;

/** The type annotation of a parameter, whatever its form (`a: T`, `{ a }: T`, `a: T = …`, `...a: T`, `private a: T`). */
function annotationOf(parameter) {
  if (parameter.type === 'TSParameterProperty') return annotationOf(parameter.parameter);
  if (parameter.type === 'AssignmentPattern') return annotationOf(parameter.left);
  return parameter.typeAnnotation?.typeAnnotation;
}

const isUnknown = (type) => type?.type === 'TSUnknownKeyword' || (type?.type === 'TSUnionType' && type.types.some(isUnknown));

function nameOf(parameter) {
  if (parameter.type === 'TSParameterProperty') return nameOf(parameter.parameter);
  if (parameter.type === 'AssignmentPattern') return nameOf(parameter.left);
  if (parameter.type === 'RestElement') return nameOf(parameter.argument);
  return parameter.type === 'Identifier' ? parameter.name : 'a destructured parameter';
}

export default {
  meta: { type: 'problem', docs: { description: 'parse at the edge, pass typed input to services' }, schema: [] },
  create(context) {
    const filename = context.filename;
    const checkParameters = (fn, where) => {
      for (const parameter of fn.params) {
        if (!isUnknown(annotationOf(parameter))) continue;
        context.report({
          node: parameter,
          message: `${where} takes ${nameOf(parameter)} typed unknown: parse it at the edge with the operation's shared schema (parseInput) and take the typed T… value`,
        });
      }
    };
    const listeners = {};
    if (SERVICE.test(filename)) {
      listeners.MethodDefinition = (node) => {
        if (node.kind === 'constructor' || node.accessibility === 'private' || node.key.type === 'PrivateIdentifier') return;
        checkParameters(node.value, `the service method "${node.key.name ?? '?'}"`);
      };
      listeners['ExportNamedDeclaration > FunctionDeclaration'] = (node) => checkParameters(node, `the exported function "${node.id?.name ?? '?'}"`);
      listeners['ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'] = (node) => {
        if (node.init && ['ArrowFunctionExpression', 'FunctionExpression'].includes(node.init.type)) checkParameters(node.init, `the exported function "${node.id.name}"`);
      };
    }
    if (EDGE.test(filename)) {
      const check = (node, source) => {
        if (typeof source === 'string' && source.startsWith('.') && STORAGE.test(source)) {
          context.report({ node, message: `an edge (resolvers, routes) may not import the ${source.match(STORAGE)[1]} "${source}": call the service` });
        }
      };
      listeners.ImportDeclaration = (node) => check(node, node.source.value);
      listeners.ImportExpression = (node) => node.source.type === 'Literal' && check(node, node.source.value);
    }
    return listeners;
  },
};
