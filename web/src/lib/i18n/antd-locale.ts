import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { useEffect, useState } from 'react';
import type { Locale } from '@portal/shared/i18n/locales';

// antd's own English is part of its components anyway; the Chinese texts load only for a Chinese page
// (DESIGN §7: the detected locale before the first paint, the other lazily).
const loaded: Partial<Record<Locale, AntdLocale>> = { 'en-US': enUS };
const loaders: Record<Locale, () => Promise<AntdLocale>> = {
  'en-US': async () => enUS,
  'zh-CN': () => import('antd/locale/zh_CN').then((module) => module.default),
};

/** Loads antd's texts for a language (the antd screens wait for the one shown before they render: app/router.tsx). */
export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const texts = loaded[locale] ?? (await loaders[locale]());
  loaded[locale] = texts;
  return texts;
}

/** antd's texts for the language shown; the previous language's until the new one has loaded. */
export function useAntdLocale(locale: Locale): AntdLocale {
  const [texts, setTexts] = useState(() => loaded[locale] ?? enUS);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(locale).then((next) => {
      if (current) setTexts(next);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded[locale] ?? texts;
}
