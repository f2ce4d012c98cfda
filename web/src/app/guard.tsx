import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ForbiddenPage, LoadErrorPage, NotFoundPage } from '../components/status-pages';
import { PageLoading } from '../components/page-loading';
import { useSession } from '../features/viewer/api/viewer';
import type { Session } from '../features/viewer/session';
import type { GuardDecision, GuardLocation } from './guards';

/** Applies a guard decision (guards.ts) to the current session and location; `waiting`: what shows until the session is known (the spinner). */
export function Guard({ decide, waiting, children }: { decide: (session: Session, location: GuardLocation) => GuardDecision; waiting?: ReactNode; children: ReactNode }) {
  // The screen the session lets in is rendered in the background, yielding to the browser (a form of a hundred
  // fields is long work on a phone: Lighthouse's TBT); the waiting state stays until it is ready.
  const session = useDeferredValue(useSession().session);
  const location = useLocation();
  const decision = decide(session, location);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'wait':
      return waiting ?? <PageLoading />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'notFound':
      return <NotFoundPage />;
    case 'forbidden':
      return <ForbiddenPage />;
    case 'error':
      return <LoadErrorPage message={decision.message} />;
  }
}
