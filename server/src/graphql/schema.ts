import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema } from 'graphql-yoga';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLContext, YogaServerContext } from './context';
import type { Resolvers } from './resolvers.generated';
import { viewerResolvers } from '../modules/viewer/viewer.resolvers';
import { projectResolvers } from '../modules/project/project.resolvers';
import { accountResolvers } from '../modules/account/account.resolvers';
import { scalarResolvers } from './scalars';
import { audienceResolvers } from '../modules/audience/audience.resolvers';
import { mediaResolvers } from '../modules/media/media.resolvers';

const modulesDir = join(import.meta.dirname, '../modules');

/** Every module's SDL file, in a stable order. */
export function loadTypeDefs(): string[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(modulesDir, file), 'utf8'));
}

const resolvers: Resolvers[] = [scalarResolvers, viewerResolvers, projectResolvers, accountResolvers, audienceResolvers, mediaResolvers];

export function buildSchema() {
  return createSchema<GraphQLContext & YogaServerContext>({
    typeDefs: loadTypeDefs(),
    resolvers: mergeResolvers(resolvers as never[]),
  });
}
