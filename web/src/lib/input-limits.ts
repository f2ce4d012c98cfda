/**
 * Input limits the shared schemas do not name yet (to move to `@portal/shared/auth/identity` and
 * `credentials` with the next shared change). Every other form limit comes from a shared schema.
 */
import { VERIFICATION_CODE_LENGTH } from '@portal/shared/auth/credentials';

/** E.164: "+" and at most 15 digits. */
export const MOBILE_MAX_LENGTH = 16;
/** The code's digits, with room for a space or a dash typed by hand (the server trims them). */
export const VERIFICATION_CODE_INPUT_MAX_LENGTH = VERIFICATION_CODE_LENGTH + 2;
