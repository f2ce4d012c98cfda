import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import ProductOutlined from '@ant-design/icons-svg/es/asn/ProductOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { EXHIBITOR_LOCALE } from '@portal/shared/i18n/locales';
import { BadgeFormRoute, BadgeListRoute } from '../../features/badge/pages/badge-routes';
import { ExhibitorLetterRoute } from '../../features/invitation-letter/pages/letter-routes';
import { BannerRoute } from '../../features/banner/pages/banner-routes';
import { CatalogRoute } from '../../features/catalog/pages/catalog-routes';
import { ProductFormRoute, ProductListRoute } from '../../features/product/pages/product-routes';
import { useSession } from '../../features/viewer/api/viewer';
import { PageLoading } from '../../components/page-loading';
import { PendingApproval } from '../../features/exhibitor/components/pending-approval';
import { OwnBadgeQuotaRoute } from '../../features/exhibitor/pages/badge-quota-routes';
import { NotFoundPage } from '../../components/status-pages';
import { currentLocale, preferredLocale, showLanguage } from '../../lib/i18n/i18n';
import { AreaLayout, type MenuEntry } from '../layouts/area-layout';
import { PATHS } from '../paths';

export const EXHIBITOR_MENU: MenuEntry[] = [
  { path: '/we/exhibitor/application/list', match: '/we/exhibitor/application', labelKey: 'exhibitor.menu.application', icon: IdcardOutlined },
  { path: '/we/exhibitor/catalog', labelKey: 'exhibitor.menu.catalog', icon: ReadOutlined },
  { path: '/we/exhibitor/banner', labelKey: 'exhibitor.menu.banner', icon: FileImageOutlined },
  { path: '/we/exhibitor/product/list', match: '/we/exhibitor/product', labelKey: 'exhibitor.menu.product', icon: ProductOutlined },
];

/** Whether this visit of the area has shown zh-CN already: a switch made inside the area then lasts past the next page. */
let shownThisVisit = false;

/**
 * SPEC 2/9: entering the exhibitor area shows Simplified Chinese — without saving it, so the `_lang_`
 * choice of the other areas stays. The language switcher inside the area is an explicit
 * choice (saved, as everywhere); leaving the area shows the saved choice again.
 */
function useExhibitorLocale(): boolean {
  const [ready, setReady] = useState(() => shownThisVisit || currentLocale() === EXHIBITOR_LOCALE);
  useEffect(() => {
    if (shownThisVisit) setReady(true);
    else {
      shownThisVisit = true;
      void showLanguage(EXHIBITOR_LOCALE).finally(() => setReady(true));
    }
    return () => {
      // Unmounted because the visitor left the area (not a re-render inside it): the saved choice applies again.
      if (!window.location.pathname.startsWith(PATHS.exhibitor)) {
        shownThisVisit = false;
        void showLanguage(preferredLocale());
      }
    };
  }, []);
  return ready;
}

const badgeFormPath = (id?: string) => (id ? `${PATHS.exhibitorBadge}/${id}` : PATHS.exhibitorBadge);

/** The signed-in exhibitor's company (a new badge starts with its names). */
function useViewerCompany() {
  const { session } = useSession();
  return session.status === 'loaded' && session.viewer.__typename === 'Xuser' ? session.viewer.exhibitor : null;
}

/** /we/* (the area guard ran in the router before this chunk loaded). */
export function ExhibitorArea() {
  const ready = useExhibitorLocale();
  const company = useViewerCompany();
  // A company waiting for approval sees that state instead of the forms.
  const pendingCompany = company?.status === 'PENDING' ? <PendingApproval companyName={company.nameZh} /> : undefined;
  if (!ready) return <PageLoading />;
  return (
    <Routes>
      <Route element={<AreaLayout titleKey="exhibitor.title" homePath={PATHS.exhibitor} settingsPath={PATHS.settings} menu={EXHIBITOR_MENU} testId="exhibitor-layout" instead={pendingCompany} />}>
        <Route index element={<Navigate to={PATHS.exhibitorHome} replace />} />
        <Route path="exhibitor" element={<Navigate to={PATHS.exhibitorHome} replace />} />
        <Route path="exhibitor/application/list" element={<BadgeListRoute formPath={badgeFormPath} quota={<OwnBadgeQuotaRoute />} />} />
        <Route path="exhibitor/application/:id?" element={<BadgeFormRoute listPath={PATHS.exhibitorBadgeList} company={company} letterPath={(badgeId) => `${PATHS.exhibitorLetter}/${badgeId}`} />} />
        <Route path="exhibitor/letters/:badgeId" element={<ExhibitorLetterRoute badgePath={(badgeId) => `${PATHS.exhibitorBadge}/${badgeId}`} />} />
        <Route path="exhibitor/catalog" element={<CatalogRoute />} />
        <Route path="exhibitor/banner" element={<BannerRoute />} />
        <Route path="exhibitor/product/list" element={<ProductListRoute formPath={(id) => (id ? `${PATHS.exhibitorProduct}/${id}` : PATHS.exhibitorProduct)} />} />
        <Route path="exhibitor/product/:id?" element={<ProductFormRoute listPath={PATHS.exhibitorProductList} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
