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

/** Costs kept per operation for different values of the variables it reads (page sizes). */
const COSTS_KEPT_PER_OPERATION = 64;

interface KnownOperation {
  /** The variables whose values the cost reads: the same for every request of the document. */
  variablesRead: readonly string[];
  /** Cost by the values of those variables (only a number is read; anything else means the default). */
  costs: Map<string, number>;
}

/**
 * operationCost through a cache: Yoga's parse cache and the JSON path hand back the same DocumentNode for
 * the same text, and the cost is a function of the document, the operation and the numbers sent in the
 * variables it reads (a page size sent as a variable) — so it is kept per operation and per those values,
 * and a repeated query is walked once per page size.
 */
export function cachedOperationCost() {
  const known = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, KnownOperation>>>();
  const valuesKey = (variablesRead: readonly string[], variables: Record<string, unknown> | undefined) =>
    variablesRead.map((name) => (typeof variables?.[name] === 'number' ? String(variables[name]) : '')).join(',');
  return (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): number => {
    const name = operationName ?? '';
    const operations = known.get(schema)?.get(document);
    const operation = operations?.get(name);
    const key = operation && valuesKey(operation.variablesRead, variables);
    const cost = key !== undefined ? operation?.costs.get(key) : undefined;
    if (cost !== undefined) return cost;
    const computed = costAndVariablesRead(schema, document, variables, operationName);
    const entry = operation ?? { variablesRead: [...computed.variablesRead], costs: new Map<string, number>() };
    // Oldest first in a Map: a full list of costs forgets its oldest one.
    if (entry.costs.size >= COSTS_KEPT_PER_OPERATION) entry.costs.delete(entry.costs.keys().next().value as string);
    entry.costs.set(valuesKey(entry.variablesRead, variables), computed.cost);
    const bySchema = known.get(schema) ?? new WeakMap<DocumentNode, Map<string, KnownOperation>>();
    known.set(schema, bySchema.set(document, (operations ?? new Map<string, KnownOperation>()).set(name, entry)));
    return computed.cost;
  };
}

function costAndVariablesRead(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): { cost: number; variablesRead: ReadonlySet<string> } {
  const variablesRead = new Set<string>();
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((candidate) => candidate.name?.value === operationName) : operations[0];
  if (!operation) return { cost: 0, variablesRead };
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const defaults = new Map(operation.variableDefinitions?.map((definition) => [definition.variable.name.value, definition.defaultValue]) ?? []);
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return { cost: 0, variablesRead };

  const numberOf = (value: ValueNode | undefined): number | undefined => {
    if (!value) return undefined;
    if (value.kind === Kind.INT) return Number(value.value);
    if (value.kind === Kind.VARIABLE) {
      variablesRead.add(value.name.value);
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
  return { cost, variablesRead };
}
