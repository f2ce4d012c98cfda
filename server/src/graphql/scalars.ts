import { GraphQLScalarType, Kind } from 'graphql';
import { GraphQLError } from 'graphql';
import type { Resolvers } from './resolvers.generated';

/** ISO 8601 instants with an offset, e.g. 2025-04-10T01:00:00.000Z; Date values are serialised. */
const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue(value) {
    const date = typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime expects an ISO 8601 string');
    return date;
  },
  parseLiteral(ast) {
    const date = ast.kind === Kind.STRING ? new Date(ast.value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime expects an ISO 8601 string');
    return date;
  },
});

/** A file of a multipart request (GraphQL multipart request spec); anything else, e.g. a JSON string, is refused. */
const Upload = new GraphQLScalarType<File | Promise<File>, never>({
  name: 'Upload',
  serialize() {
    throw new GraphQLError('Upload is an input type only');
  },
  parseValue(value) {
    // Yoga's multipart parser gives its own File implementation (not always the global class): check the shape.
    const isFile = typeof value === 'object' && value !== null && typeof (value as Partial<File>).arrayBuffer === 'function' && typeof (value as Partial<File>).name === 'string';
    if (isFile || value instanceof Promise) return value as File | Promise<File>;
    throw new GraphQLError('Upload expects a file sent as a multipart part');
  },
  parseLiteral() {
    throw new GraphQLError('Upload expects a file sent as a multipart part');
  },
});

export const scalarResolvers: Resolvers = { DateTime, Upload };
