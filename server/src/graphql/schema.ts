import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema } from 'graphql-yoga';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLContext, YogaServerContext } from './context';
import type { Resolvers } from './resolvers.generated';
import { scalarResolvers } from './scalars';
import { MODULES } from '../modules/registry';

const modulesDir = join(import.meta.dirname, '../modules');

/** Every module's SDL file, in a stable order. */
export function loadTypeDefs(): string[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(modulesDir, file), 'utf8'));
}

const resolvers: Resolvers[] = [scalarResolvers, ...MODULES.flatMap((module) => ('resolvers' in module ? [module.resolvers] : []))];

export function buildSchema() {
  return createSchema<GraphQLContext & YogaServerContext>({
    typeDefs: loadTypeDefs(),
    resolvers: mergeResolvers(resolvers as never[]),
  });
}
