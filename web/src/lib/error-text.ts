/**
 * The text shown for a failure: a known `code` is translated from the `errors` namespace (the
 * shared catalogue); a text that needs values the client does not have ({{minutes}}) keeps the
 * server's message, which the server already translated; a failure with nothing usable
 * (a network error) shows the generic message.
 */
import { isErrorCode } from '@portal/shared/errors/error-codes';
import { normaliseError } from './errors';

export interface ErrorTranslator {
  t: (key: string) => string;
  exists: (key: string) => boolean;
  /** The untranslated template, to see whether it needs values. */
  template: (key: string) => string | undefined;
}

export const GENERIC_ERROR_KEY = 'errors:INTERNAL';

export function errorText(error: unknown, translator: ErrorTranslator): string {
  const { code, message, reason, status } = normaliseError(error);
  if (code && isErrorCode(code)) {
    const key = `errors:${code}`;
    const template = translator.template(key);
    if (translator.exists(key) && !(template ?? '').includes('{{')) return translator.t(key);
  }
  if (code || reason || status !== undefined) return message;
  return translator.t(GENERIC_ERROR_KEY);
}
