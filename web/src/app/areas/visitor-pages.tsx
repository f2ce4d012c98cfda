import { lazy, Suspense, type ReactNode } from 'react';
import { TicketLoading } from '../../features/ticket/components/ticket-loading';
import { useSession } from '../../features/viewer/api/viewer';
import { Guard } from '../guard';
import { approvedAudienceGuard } from '../guards';
import { Lazy } from '../lazy';
import { PATHS } from '../paths';
import { WithAntd } from '../with-antd';
import { AgentGroupsRoute, GroupJoinRoute } from '../../features/visitor-group/pages/group-routes';

// DESIGN §7: each visitor page is its own chunk. The area's layout and the ticket are plain; the other
// pages are built with antd and bring its providers (WithAntd).
const InfoPage = lazy(() => import('../../features/application/pages/info-page').then((module) => ({ default: module.InfoPage })));
const VisitDatePage = lazy(() => import('../../features/application/pages/visit-date-page').then((module) => ({ default: module.VisitDatePage })));
const TicketPage = lazy(() => import('../../features/ticket/pages/ticket-page').then((module) => ({ default: module.TicketPage })));
const LetterRequestPage = lazy(() => import('../../features/invitation-letter/pages/letter-request-page').then((module) => ({ default: module.LetterRequestPage })));
const GroupNotices = lazy(() => import('../../features/visitor-group/components/group-notices').then((module) => ({ default: module.GroupNotices })));
const RecordPage = lazy(() => import('../../features/ticket/pages/record-page').then((module) => ({ default: module.RecordPage })));

/** Pages that need an approved application (approveStatus DONE, else the not-found page); `loading`: until the page's code is there. */
function Approved({ children, loading }: { children: ReactNode; loading?: ReactNode }) {
  return (
    <Guard decide={approvedAudienceGuard}>
      <Lazy fallback={loading}>{children}</Lazy>
    </Guard>
  );
}

const INFO_LINKS = {
  apply: PATHS.visitorApplication,
  edit: PATHS.visitorInfoEdit,
  ticket: PATHS.visitorTicket,
  visitDate: PATHS.visitorVisitDate,
  record: PATHS.visitorRecord,
} as const;

/** /wa/visitor/info */
export function VisitorInfoRoute() {
  return (
    <WithAntd>
      <InfoPage
        links={INFO_LINKS}
        notices={
          <Suspense fallback={null}>
            <GroupNotices />
          </Suspense>
        }
      />
    </WithAntd>
  );
}

/** /wa/visitor/ticket (the viewer is saved with the ticket: the area opens with it when there is no network) */
export function VisitorTicketRoute() {
  const { session } = useSession();
  return (
    <Approved loading={<TicketLoading />}>
      <TicketPage visitDatePath={INFO_LINKS.visitDate} viewer={session.status === 'loaded' ? session.viewer : undefined} />
    </Approved>
  );
}

/** /wa/visitor/visitDate */
export function VisitorVisitDateRoute() {
  return (
    <Approved>
      <WithAntd>
        <VisitDatePage />
      </WithAntd>
    </Approved>
  );
}

/** /wa/visitor/record */
export function VisitorRecordRoute() {
  return (
    <Approved>
      <WithAntd>
        <RecordPage />
      </WithAntd>
    </Approved>
  );
}

/** /wa/visitor/letter: the visitor's invitation letter (an approved application; the page says whether a passport holder may ask) */
export function VisitorLetterRoute() {
  return (
    <Approved>
      <WithAntd>
        <LetterRequestPage />
      </WithAntd>
    </Approved>
  );
}

/** /wa/group: the groups an organizer made for the visitor's mobile (the agent's page) */
export function VisitorGroupsRoute() {
  return (
    <WithAntd>
      <AgentGroupsRoute />
    </WithAntd>
  );
}

/** /wa/group/join: a member's invitation (any signed-in visitor; the page says when no group entered their mobile) */
export function VisitorGroupJoinRoute() {
  return (
    <WithAntd>
      <GroupJoinRoute />
    </WithAntd>
  );
}
