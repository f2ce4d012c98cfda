import { lazy, Suspense, type ReactNode } from 'react';
import { PageLoading } from '../../components/page-loading';
import { Guard } from '../guard';
import { approvedAudienceGuard } from '../guards';
import { PATHS } from '../paths';

// DESIGN §7: each visitor page is its own chunk (the ticket page brings qrcode.react with it).
const InfoPage = lazy(() => import('../../features/audience/pages/info-page').then((module) => ({ default: module.InfoPage })));
const TicketPage = lazy(() => import('../../features/audience/pages/ticket-page').then((module) => ({ default: module.TicketPage })));
const VisitDatePage = lazy(() => import('../../features/audience/pages/visit-date-page').then((module) => ({ default: module.VisitDatePage })));
const RecordPage = lazy(() => import('../../features/audience/pages/record-page').then((module) => ({ default: module.RecordPage })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Pages that need an approved application (approveStatus DONE, else the not-found page). */
function Approved({ children }: { children: ReactNode }) {
  return (
    <Guard decide={approvedAudienceGuard}>
      <Lazy>{children}</Lazy>
    </Guard>
  );
}

const INFO_LINKS = {
  apply: PATHS.visitorApplication,
  edit: '/wa/visitor/info/edit',
  ticket: '/wa/visitor/ticket',
  visitDate: '/wa/visitor/visitDate',
  record: '/wa/visitor/record',
} as const;

/** /wa/visitor/info */
export function VisitorInfoRoute() {
  return (
    <Lazy>
      <InfoPage links={INFO_LINKS} />
    </Lazy>
  );
}

/** /wa/visitor/ticket */
export function VisitorTicketRoute() {
  return (
    <Approved>
      <TicketPage visitDatePath={INFO_LINKS.visitDate} />
    </Approved>
  );
}

/** /wa/visitor/visitDate */
export function VisitorVisitDateRoute() {
  return (
    <Approved>
      <VisitDatePage />
    </Approved>
  );
}

/** /wa/visitor/record */
export function VisitorRecordRoute() {
  return (
    <Approved>
      <RecordPage />
    </Approved>
  );
}
