import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';

/** errorText bound to the current language. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) =>
      errorText(error, {
        t: (key) => t(key),
        exists: (key) => i18n.exists(key),
        template: (key) => {
          const [namespace = 'common', path = ''] = key.split(':');
          const value: unknown = i18n.getResource(i18n.language, namespace, path);
          return typeof value === 'string' ? value : undefined;
        },
      }),
    [t, i18n],
  );
}
