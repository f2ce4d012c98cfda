import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '../components/page-loading';

/** A lazily loaded route: the spinner (or the screen's own loading state) until its code has arrived. */
export function Lazy({ children, fallback = <PageLoading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
