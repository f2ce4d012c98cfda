import { lazy, Suspense, type ReactNode } from 'react';
import { PageLoading } from '../components/page-loading';
import { currentLocale } from '../lib/i18n/i18n';

/** Loads a module built with antd together with antd's texts of the language shown, so a screen never paints in the other. */
export async function withAntdTexts<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), import('../lib/i18n/antd-locale').then((texts) => texts.loadAntdLocale(currentLocale()))]);
  return module;
}

const AntdProviders = lazy(() => withAntdTexts(() => import('./antd-providers')).then((module) => ({ default: module.AntdProviders })));

/**
 * A screen built with antd inside a plain layout (DESIGN §7): antd's providers load with it, after the
 * layout has painted, so the plain screens beside it never wait for antd. `fallback` shows meanwhile
 * (the page spinner, or nothing for a dialog).
 */
export function WithAntd({ children, fallback = <PageLoading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdProviders>{children}</AntdProviders>
    </Suspense>
  );
}
