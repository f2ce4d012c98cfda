import { ApplicationScreen } from '../components/application-screen';

/** /visitor/web/application: a visitor's first application (or a resubmission) — SPEC 2, 3, 5. */
export function ApplicationPage() {
  return <ApplicationScreen titleKey="public.application" mode="apply" />;
}
