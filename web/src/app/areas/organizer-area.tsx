import { BannerQueueRoute } from '../../features/banner/pages/banner-routes';
import { ProductDetailRoute, ProductQueueRoute } from '../../features/product/pages/product-routes';
import { CatalogQueueRoute } from '../../features/catalog/pages/catalog-routes';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import HddOutlined from '@ant-design/icons-svg/es/asn/HddOutlined';
import ProjectOutlined from '@ant-design/icons-svg/es/asn/ProjectOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { AuditLogRoute } from '../../features/audit/pages/audit-log-route';
import type { AuditSubjectPaths } from '../../features/audit/lib/audit-subject';
import { DETAIL_PARAM } from '../../features/review/lib/list-url';
import { StaffRoute } from '../../features/staff/pages/staff-route';
import { DashboardRoute } from '../../features/dashboard/pages/dashboard-route';
import { BadgeQueueRoute } from '../../features/badge/pages/badge-routes';
import { BadgeQuotaRoute } from '../../features/exhibitor/pages/badge-quota-routes';
import { lazyPage } from '../../components/lazy-page';
import { ActivationCodesRoute, ProjectSettingsRoute } from '../../features/project/pages/project-routes';
import { TicketOfficeRoute } from '../../features/ticket/pages/ticket-office-routes';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/status-pages';
import { ApprovalListRoute, AutoApprovalRoute } from '../../features/review/pages/approval-list-route';
import { useSession } from '../../features/viewer/api/viewer';
import { rolesOf } from '../../features/viewer/session';
import { Guard } from '../guard';
import { allowedOrganizerSections, entranceRoomGuard, mayOpenEntranceRoom, organizerSectionGuard, type OrganizerSection } from '../guards';
import { AreaLayout, type MenuEntry } from '../layouts/area-layout';
import { PATHS } from '../paths';
import { DeviceListRoute } from '../../features/entrance/pages/device-list-route';
import { EntranceRoomRoute } from '../../features/entrance-room/pages/entrance-room-route';
import FundProjectionScreenOutlined from '@ant-design/icons-svg/es/asn/FundProjectionScreenOutlined';
import { LetterQueueRoute, LetterTemplateRoute } from '../../features/invitation-letter/pages/letter-routes';
import { GroupListRoute } from '../../features/visitor-group/pages/group-routes';

/** Where the audit log opens each kind of subject. */
const AUDIT_SUBJECT_PATHS: AuditSubjectPaths = {
  audience: (id) => `${PATHS.organizerAudienceList}?${new URLSearchParams({ [DETAIL_PARAM]: id }).toString()}`,
  exhibitorList: PATHS.organizerExhibitorList,
  badgeList: PATHS.organizerBadgeList,
  ticketList: PATHS.organizerTicketList,
  staffList: PATHS.organizerStaff,
  activationCodes: PATHS.organizerProjectCdk,
  hardwareList: PATHS.organizerHardwareList,
  projectInfo: PATHS.organizerProjectInfo,
  catalogList: PATHS.organizerCatalogList,
  bannerList: PATHS.organizerBannerList,
  product: (id) => `${PATHS.organizerProduct}/${id}`,
};

// DESIGN §7: every organizer page is its own chunk, so that the area holds only the layout and the menu.
const ExhibitorListRoute = lazyPage(() => import('../../features/exhibitor/pages/exhibitor-list-page').then((module) => module.ExhibitorListPage), ['exhibitor-account', 'badge-quota']);
const BadgeTemplatesRoute = lazyPage(() => import('../../features/badge-print/pages/badge-templates-page').then((module) => module.BadgeTemplatesPage), ['badge-print']);
const BadgeKioskRoute = lazyPage(() => import('../../features/badge-print/pages/badge-kiosk-page').then((module) => module.BadgeKioskPage), ['badge-print', 'ticket-office']);
const SettingsRoute = lazyPage(() => import('../routes/settings-route').then((module) => module.SettingsRoute), []);

/** The organizer menu (SPEC 2 /wo/); only the sections the viewer's roles allow are shown. */
export const ORGANIZER_MENU: Record<OrganizerSection, MenuEntry> = {
  audience: {
    path: PATHS.organizerAudience,
    labelKey: 'organizer.menu.audience',
    icon: TeamOutlined,
    children: [
      { path: PATHS.organizerAudienceList, labelKey: 'organizer.menu.audienceList' },
      { path: PATHS.organizerAudienceLetters, labelKey: 'organizer.menu.audienceLetters' },
      { path: PATHS.organizerAutoApproval, labelKey: 'organizer.menu.autoApproval' },
      { path: PATHS.organizerGroups, labelKey: 'organizer.menu.groups' },
    ],
  },
  exhibitor: {
    path: '/wo/exhibitor',
    labelKey: 'organizer.menu.exhibitor',
    icon: ShopOutlined,
    children: [
      { path: PATHS.organizerExhibitorList, labelKey: 'organizer.menu.exhibitorList' },
      { path: PATHS.organizerBadgeList, match: '/wo/exhibitor/application', labelKey: 'organizer.menu.applicationList' },
      { path: PATHS.organizerBadgeQuotas, labelKey: 'organizer.menu.badgeQuotas' },
      { path: '/wo/exhibitor/catalog/list', match: '/wo/exhibitor/catalog', labelKey: 'organizer.menu.catalogList' },
      { path: '/wo/exhibitor/banner/list', match: '/wo/exhibitor/banner', labelKey: 'organizer.menu.bannerList' },
      { path: '/wo/exhibitor/product/list', match: '/wo/exhibitor/product', labelKey: 'organizer.menu.productList' },
      { path: PATHS.organizerExhibitorLetters, labelKey: 'organizer.menu.exhibitorLetters' },
    ],
  },
  ticket: { path: '/wo/ticket/list', match: '/wo/ticket', labelKey: 'organizer.menu.ticket', icon: AuditOutlined },
  project: {
    path: '/wo/project',
    labelKey: 'organizer.menu.project',
    icon: ProjectOutlined,
    children: [
      { path: PATHS.organizerProjectInfo, labelKey: 'organizer.menu.projectInfo' },
      { path: PATHS.organizerProjectCdk, labelKey: 'organizer.menu.cdk' },
      { path: PATHS.organizerLetterTemplate, labelKey: 'organizer.menu.letterTemplate' },
    ],
  },
  hardware: { path: PATHS.organizerHardwareList, match: '/wo/hardware', labelKey: 'organizer.menu.hardware', icon: HddOutlined },
  system: {
    path: '/wo/system',
    labelKey: 'organizer.menu.system',
    icon: SafetyCertificateOutlined,
    children: [
      { path: PATHS.organizerAuditLog, labelKey: 'organizer.menu.auditLog' },
      { path: PATHS.organizerStaff, labelKey: 'organizer.menu.staff' },
    ],
  },
};

function Section({ section }: { section: OrganizerSection }) {
  return <Guard decide={(session) => organizerSectionGuard(session, section)}>{<SectionOutlet section={section} />}</Guard>;
}

function SectionOutlet({ section }: { section: OrganizerSection }) {
  const { session } = useSession();
  // Erasing personal data cannot be undone: the super administrator only (the server checks the same).
  const canErasePersonalData = rolesOf(session).includes('ROLE_SUPER_ADMIN');
  switch (section) {
    case 'audience':
      return (
        <Routes>
          <Route index element={<Navigate to="/wo/audience/list" replace />} />
          <Route path="list" element={<ApprovalListRoute canErase={canErasePersonalData} />} />
          <Route path="letters" element={<LetterQueueRoute />} />
          <Route path="rules" element={<AutoApprovalRoute />} />
          <Route path="groups" element={<GroupListRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'exhibitor':
      return (
        <Routes>
          <Route index element={<Navigate to="/wo/exhibitor/list" replace />} />
          <Route path="list" element={<ExhibitorListRoute />} />
          <Route path="application/list" element={<BadgeQueueRoute />} />
          <Route path="quotas" element={<BadgeQuotaRoute />} />
          <Route path="catalog/list" element={<CatalogQueueRoute />} />
          <Route path="banner/list" element={<BannerQueueRoute />} />
          <Route path="product/list" element={<ProductQueueRoute />} />
          <Route path="product/:id?" element={<ProductDetailRoute />} />
          <Route path="letters" element={<LetterQueueRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'ticket':
      return (
        <Routes>
          <Route index element={<Navigate to="/wo/ticket/list" replace />} />
          <Route path="list" element={<TicketOfficeRoute printPaths={{ templates: PATHS.organizerBadgeTemplates, kiosk: PATHS.organizerBadgeKiosk }} />} />
          <Route path="badges" element={<BadgeTemplatesRoute />} />
          <Route path="kiosk" element={<BadgeKioskRoute ticketListPath={PATHS.organizerTicketList} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'project':
      return (
        <Routes>
          <Route index element={<Navigate to="/wo/project/info" replace />} />
          <Route path="info" element={<ProjectSettingsRoute bannerPlacementsPath={PATHS.organizerBannerList} />} />
          <Route path="cdk" element={<ActivationCodesRoute />} />
          <Route path="letter" element={<LetterTemplateRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'hardware':
      return (
        <Routes>
          <Route index element={<Navigate to={PATHS.organizerHardwareList} replace />} />
          <Route path="list" element={<DeviceListRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
    case 'system':
      return (
        <Routes>
          <Route index element={<Navigate to={PATHS.organizerAuditLog} replace />} />
          <Route path="audit" element={<AuditLogRoute subjectPaths={AUDIT_SUBJECT_PATHS} />} />
          <Route path="staff" element={<StaffRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      );
  }
}

/** The dashboard is every organizer's home; its parts follow the roles. */
const DASHBOARD_ENTRY: MenuEntry = { path: PATHS.organizerDashboard, labelKey: 'organizer.menu.dashboard', icon: DashboardOutlined };
/** The live entrance room, for the gate's sections (ticket or hardware). */
const ENTRANCE_ROOM_ENTRY: MenuEntry = { path: PATHS.organizerEntranceRoom, labelKey: 'organizer.menu.entranceRoom', icon: FundProjectionScreenOutlined };

/** /wo/* (the area guard ran in the router before this chunk loaded). */
export function OrganizerArea() {
  const { session } = useSession();
  const roles = rolesOf(session);
  const menu = [DASHBOARD_ENTRY, ...(mayOpenEntranceRoom(roles) ? [ENTRANCE_ROOM_ENTRY] : []), ...allowedOrganizerSections(roles).map((section) => ORGANIZER_MENU[section])];
  const layout = { titleKey: 'organizer.title', homePath: PATHS.organizer, settingsPath: PATHS.organizerSettings, menu, testId: 'organizer-layout' };
  return (
    <Routes>
      <Route element={<AreaLayout {...layout} />}>
        <Route index element={<Navigate to={PATHS.organizerDashboard} replace />} />
        <Route path="dashboard" element={<DashboardRoute />} />
        <Route path="entrance-room" element={<Guard decide={entranceRoomGuard}>{<EntranceRoomRoute />}</Guard>} />
        <Route path="audience/*" element={<Section section="audience" />} />
        <Route path="exhibitor/*" element={<Section section="exhibitor" />} />
        <Route path="ticket/*" element={<Section section="ticket" />} />
        <Route path="project/*" element={<Section section="project" />} />
        <Route path="hardware/*" element={<Section section="hardware" />} />
        <Route path="system/*" element={<Section section="system" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<AreaLayout {...layout} showMenu={false} />}>
        <Route path="usercenter" element={<Navigate to={PATHS.organizerSettings} replace />} />
        <Route path="usercenter/settings" element={<SettingsRoute />} />
      </Route>
    </Routes>
  );
}
