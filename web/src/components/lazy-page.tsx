import i18next from 'i18next';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from './page-loading';

/** A page as its own lazy chunk (DESIGN §7), its locale namespaces loaded alongside it. */
export function lazyPage<TProps extends object>(load: () => Promise<ComponentType<TProps>>, namespaces: readonly string[]) {
  const Page = lazy(() => Promise.all([load(), i18next.loadNamespaces([...namespaces])]).then(([component]) => ({ default: component })));
  return function Route(props: TProps) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
