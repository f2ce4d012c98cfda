import { lazyPage } from '../../../components/lazy-page';

const NAMESPACES = ['product', 'submission'];

/** /we/exhibitor/product/list */
export const ProductListRoute = lazyPage(() => import('./product-list-page').then((module) => module.ProductListPage), NAMESPACES);
/** /we/exhibitor/product/:id? */
export const ProductFormRoute = lazyPage(() => import('./product-form-page').then((module) => module.ProductFormPage), NAMESPACES);
/** /wo/exhibitor/product/list */
export const ProductQueueRoute = lazyPage(() => import('./product-queue-page').then((module) => module.ProductQueuePage), NAMESPACES);
/** /wo/exhibitor/product/:id */
export const ProductDetailRoute = lazyPage(() => import('./product-detail-page').then((module) => module.ProductDetailPage), NAMESPACES);
