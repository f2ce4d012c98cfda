import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { MAX_PAGE_SIZE } from '@portal/shared/review/audience-list';

/**
 * What one request may cost, in "fields resolved": measured, a 100-row page of the approval list
 * costs ≈ 2,100 and answers in ≈ 0.3 s on PGlite, so 5,000 keeps a request under about a second while
 * the largest page the web app asks for passes (graphql-contract.test.ts checks every web operation).
 */
export const MAX_QUERY_COST = 5000;
/** Assumed length of a list without a page size (visit days, status history, roles). */
export const UNPAGED_LIST_LENGTH = 5;
/** Arguments that size a page. */
const PAGE_SIZE_ARGUMENTS = ['pageSize', 'first', 'limit'];

// Types are read by their printed form, not with graphql's `is…Type` helpers: those test
// `instanceof`, and the schema may come from another copy of the graphql module (CJS vs ESM).
const isList = (type: GraphQLOutputType) => String(type).replace(/!$/, '').startsWith('[');
const namedTypeName = (type: GraphQLOutputType) => String(type).replace(/[[\]!]/g, '');
const fieldsOf = (type: GraphQLNamedType | null | undefined) => (type && 'getFields' in type ? type.getFields() : undefined);

/**
 * The cost of the operation to execute: every field costs 1, and what it selects is multiplied by the
 * number of items it can return — its page size (the value sent, up to MAX_PAGE_SIZE, the largest any
 * list serves), or UNPAGED_LIST_LENGTH for a list without one. The `nodes` of a paged field are
 * counted once, by the page size. `__typename` is free.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): number {
  return costAndVariablesRead(schema, document, variables, operationName).cost;
}

/**
 * operationCost through a cache of the operations whose cost reads no variable (every operation but a
 * paged one with a variable page size): Yoga's parse cache hands back the same DocumentNode for the same
 * text, so a repeated query is walked once.
 */
export function cachedOperationCost() {
  const fixed = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, number>>>();
  return (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): number => {
    const name = operationName ?? '';
    const known = fixed.get(schema)?.get(document);
    const cost = known?.get(name);
    if (cost !== undefined) return cost;
    const computed = costAndVariablesRead(schema, document, variables, operationName);
    if (computed.readsVariables) return computed.cost;
    const bySchema = fixed.get(schema) ?? new WeakMap<DocumentNode, Map<string, number>>();
    fixed.set(schema, bySchema.set(document, (known ?? new Map<string, number>()).set(name, computed.cost)));
    return computed.cost;
  };
}

function costAndVariablesRead(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): { cost: number; readsVariables: boolean } {
  let readsVariables = false;
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation) return { cost: 0, readsVariables };
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const defaults = new Map(operation.variableDefinitions?.map((definition) => [definition.variable.name.value, definition.defaultValue]) ?? []);
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return { cost: 0, readsVariables };

  const numberOf = (value: ValueNode | undefined): number | undefined => {
    if (!value) return undefined;
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      readsVariables = true;
      const sent = variables?.[value.name.value];
      if (typeof sent === 'number') return sent;
      return numberOf(defaults.get(value.name.value) ?? undefined);
    }
    return undefined;
  };

  const pageSizeOf = (field: GraphQLField<unknown, unknown>, node: { arguments?: readonly { name: { value: string }; value: ValueNode }[] }) => {
    for (const name of PAGE_SIZE_ARGUMENTS) {
      const definition = field.args.find((argument) => argument.name === name);
      if (!definition) continue;
      const sent = numberOf(node.arguments?.find((argument) => argument.name.value === name)?.value);
      const size = sent ?? (typeof definition.defaultValue === 'number' ? definition.defaultValue : MAX_PAGE_SIZE);
      return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
    }
    return undefined;
  };

  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLNamedType, insidePage: boolean, seen: ReadonlySet<string>): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const type = schema.getType(fragment.typeCondition.name.value) ?? parent;
        total += costOf(fragment.selectionSet, type, insidePage, new Set([...seen, fragment.name.value]));
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? parent) : parent;
        total += costOf(selection.selectionSet, type, insidePage, seen);
        continue;
      }
      if (selection.name.value === '__typename') continue;
      const field = fieldsOf(parent)?.[selection.name.value] as GraphQLField<unknown, unknown> | undefined;
      if (!field) {
        total += 1;
        continue;
      }
      const pageSize = pageSizeOf(field, selection);
      const multiplier = pageSize ?? (isList(field.type) && !insidePage ? UNPAGED_LIST_LENGTH : 1);
      const child = schema.getType(namedTypeName(field.type));
      const children = selection.selectionSet && child ? costOf(selection.selectionSet, child, pageSize !== undefined, seen) : 0;
      total += 1 + multiplier * children;
    }
    return total;
  };

  const cost = costOf(operation.selectionSet, root, false, new Set());
  return { cost, readsVariables };
}
