import i18next from 'i18next';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it.
function lazyPage<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  const Page = lazy(() => Promise.all([load(), i18next.loadNamespaces(['product', 'submission'])]).then(([component]) => ({ default: component })));
  return function Route(props: TProps) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

/** /we/exhibitor/product/list */
export const ProductListRoute = lazyPage(() => import('./product-list-page').then((module) => module.ProductListPage));
/** /we/exhibitor/product/:id? */
export const ProductFormRoute = lazyPage(() => import('./product-form-page').then((module) => module.ProductFormPage));
/** /wo/exhibitor/product/list */
export const ProductQueueRoute = lazyPage(() => import('./product-queue-page').then((module) => module.ProductQueuePage));
/** /wo/exhibitor/product/:id */
export const ProductDetailRoute = lazyPage(() => import('./product-detail-page').then((module) => module.ProductDetailPage));
