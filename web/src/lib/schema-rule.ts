import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The error code the shared schema of the operation gives the field's value (the server parses the same input with it), or undefined. */
export function schemaProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value ?? '');
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'VALIDATION_FAILED');
}

/** An antd Form rule that checks the field with `schemaProblem`; the error code is shown translated. */
export function schemaRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = schemaProblem(schema, value);
      if (problem) throw new Error(t(`errors:${problem}`));
    },
  };
}
