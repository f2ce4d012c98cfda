import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd Form rule that checks the field with the shared schema of the operation (the server
 * parses the same input with it); the message is an error code, shown translated.
 */
export function schemaRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`errors:${result.error.issues[0]?.message ?? 'VALIDATION_FAILED'}`));
    },
  };
}
