import { FileImageOutlined, IdcardOutlined, ProductOutlined, ReadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { EXHIBITOR_LOCALE } from '@portal/shared/i18n/locales';
import { BannerRoute } from '../../features/banner/pages/banner-routes';
import { CatalogRoute } from '../../features/catalog/pages/catalog-routes';
import { ProductFormRoute, ProductListRoute } from '../../features/product/pages/product-routes';
import { PageLoading } from '../../components/page-loading';
import { PendingPage } from '../../components/pending-page';
import { NotFoundPage } from '../../components/status-pages';
import { currentLocale, setLanguage } from '../../lib/i18n/i18n';
import { AreaLayout, type MenuEntry } from '../layouts/area-layout';
import { PATHS } from '../paths';

export const EXHIBITOR_MENU: MenuEntry[] = [
  { path: '/we/exhibitor/application/list', match: '/we/exhibitor/application', labelKey: 'exhibitor.menu.application', icon: <IdcardOutlined /> },
  { path: '/we/exhibitor/catalog', labelKey: 'exhibitor.menu.catalog', icon: <ReadOutlined /> },
  { path: '/we/exhibitor/banner', labelKey: 'exhibitor.menu.banner', icon: <FileImageOutlined /> },
  { path: '/we/exhibitor/product/list', match: '/we/exhibitor/product', labelKey: 'exhibitor.menu.product', icon: <ProductOutlined /> },
];

/** SPEC 2/9: entering the exhibitor area switches the language to Simplified Chinese. */
function useExhibitorLocale(): boolean {
  const [ready, setReady] = useState(() => currentLocale() === EXHIBITOR_LOCALE);
  useEffect(() => {
    void setLanguage(EXHIBITOR_LOCALE).finally(() => setReady(true));
  }, []);
  return ready;
}

/** /we/* (the area guard ran in the router before this chunk loaded). */
export function ExhibitorArea() {
  const ready = useExhibitorLocale();
  if (!ready) return <PageLoading />;
  return (
    <Routes>
      <Route element={<AreaLayout titleKey="exhibitor.title" homePath={PATHS.exhibitor} settingsPath={PATHS.settings} menu={EXHIBITOR_MENU} testId="exhibitor-layout" />}>
        <Route index element={<Navigate to={PATHS.exhibitorHome} replace />} />
        <Route path="exhibitor" element={<Navigate to={PATHS.exhibitorHome} replace />} />
        <Route path="exhibitor/application/list" element={<PendingPage titleKey="exhibitor.pages.applicationList" />} />
        <Route path="exhibitor/application/:id?" element={<PendingPage titleKey="exhibitor.pages.applicationForm" />} />
        <Route path="exhibitor/catalog" element={<CatalogRoute />} />
        <Route path="exhibitor/banner" element={<BannerRoute />} />
        <Route path="exhibitor/product/list" element={<ProductListRoute formPath={(id) => (id ? `${PATHS.exhibitorProduct}/${id}` : PATHS.exhibitorProduct)} />} />
        <Route path="exhibitor/product/:id?" element={<ProductFormRoute listPath={PATHS.exhibitorProductList} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
