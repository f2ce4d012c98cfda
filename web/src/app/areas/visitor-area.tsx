import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import QrcodeOutlined from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NotFoundPage } from '../../components/status-pages';
import { useSession } from '../../features/viewer/api/viewer';
import { AreaLayout, type MenuEntry } from '../layouts/area-layout';
import { PATHS } from '../paths';
import { ApplicationEditRoute } from '../routes/application-route';
import { VisitorGroupJoinRoute, VisitorGroupsRoute, VisitorInfoRoute, VisitorLetterRoute, VisitorRecordRoute, VisitorTicketRoute, VisitorVisitDateRoute } from './visitor-pages';

const VISITOR_CHILDREN = ['info', 'info/edit', 'ticket', 'visitDate', 'record'] as const;

/** The visitor's menu: an approved registration can no longer be edited (its ticket carries it), so no "edit" entry. */
export function visitorMenu(approved: boolean): MenuEntry[] {
  const menu: MenuEntry[] = [{ path: PATHS.visitorInfo, labelKey: 'visitor.menu.info', icon: IdcardOutlined, match: PATHS.visitorInfo }];
  if (!approved) menu.push({ path: PATHS.visitorInfoEdit, labelKey: 'visitor.menu.edit', icon: EditOutlined });
  else {
    menu.push(
      { path: PATHS.visitorTicket, labelKey: 'visitor.menu.ticket', icon: QrcodeOutlined },
      { path: PATHS.visitorVisitDate, labelKey: 'visitor.menu.visitDate', icon: CalendarOutlined },
      { path: PATHS.visitorRecord, labelKey: 'visitor.menu.record', icon: HistoryOutlined },
      { path: PATHS.visitorLetter, labelKey: 'visitor.menu.letter', icon: FileTextOutlined },
    );
  }
  return menu;
}

/** /wa/<child> is an alias of /wa/visitor/<child> (query and hash kept). */
function VisitorAlias({ child }: { child: string }) {
  const location = useLocation();
  return <Navigate to={`/wa/visitor/${child}${location.search}${location.hash}`} replace />;
}

/** /wa/* (the area guard ran in the router before this chunk loaded). */
export function VisitorArea() {
  const { session } = useSession();
  const approved = session.status === 'loaded' && session.viewer.__typename === 'User' && session.viewer.audience?.approveStatus === 'DONE';
  return (
    <Routes>
      <Route element={<AreaLayout titleKey="visitor.title" homePath={PATHS.visitor} settingsPath={PATHS.settings} menu={visitorMenu(approved)} testId="visitor-layout" />}>
        <Route index element={<Navigate to={PATHS.visitorInfo} replace />} />
        <Route path="visitor" element={<Navigate to={PATHS.visitorInfo} replace />} />
        <Route path="visitor/info" element={<VisitorInfoRoute />} />
        <Route path="visitor/info/edit" element={<ApplicationEditRoute />} />
        <Route path="visitor/ticket" element={<VisitorTicketRoute />} />
        <Route path="visitor/visitDate" element={<VisitorVisitDateRoute />} />
        <Route path="visitor/record" element={<VisitorRecordRoute />} />
        <Route path="visitor/letter" element={<VisitorLetterRoute />} />
        <Route path="group" element={<VisitorGroupsRoute />} />
        <Route path="group/join" element={<VisitorGroupJoinRoute />} />
        {VISITOR_CHILDREN.map((child) => (
          <Route key={child} path={child} element={<VisitorAlias child={child} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
