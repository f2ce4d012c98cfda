/**
 * The application's length limits, outside the zod schema (application.schema.ts imports them): the
 * plain application form sets its inputs' maxLength with them and loads zod only after its first paint.
 */
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const ID_NUMBER_MAX_LENGTH = 32;
export const ACTIVATION_CODE_MAX_LENGTH = 64;
