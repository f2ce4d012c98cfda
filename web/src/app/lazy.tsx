import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '../components/page-loading';

/** A lazily loaded route: the spinner until its code has arrived. */
export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
