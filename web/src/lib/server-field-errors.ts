import { isErrorCode, type ErrorCode } from '@portal/shared/errors/error-codes';
import { GraphQLClientError } from './graphql-client';

/**
 * A server refusal, field by field, so that every form shows it at the field:
 * `extensions.fields` (path, code) when the server names fields, else the field the code belongs to.
 */
export function serverFieldCodes<F extends string>(
  error: unknown,
  fieldOfPath: (path: string) => F | undefined,
  fieldOfCode: Partial<Record<ErrorCode, F>>,
): Partial<Record<F, ErrorCode>> {
  const problems: Partial<Record<F, ErrorCode>> = {};
  if (!(error instanceof GraphQLClientError)) return problems;
  const entry = error.response.errors[0];
  const fields = entry?.extensions?.fields;
  if (Array.isArray(fields)) {
    for (const item of fields as Array<{ path?: unknown; code?: unknown; message?: unknown }>) {
      const field = typeof item.path === 'string' ? fieldOfPath(item.path) : undefined;
      const code = isErrorCode(item.code) ? item.code : isErrorCode(item.message) ? item.message : undefined;
      if (field && code && !problems[field]) problems[field] = code;
    }
  }
  const code = entry?.extensions?.code;
  if (isErrorCode(code)) {
    const field = fieldOfCode[code];
    if (field && !problems[field]) problems[field] = code;
  }
  return problems;
}

/** `fieldOfPath` for a form whose field names are the input's top-level keys. */
export function topLevelField<F extends string>(fields: readonly F[]): (path: string) => F | undefined {
  return (path) => fields.find((field) => field === path.split('.')[0]);
}
