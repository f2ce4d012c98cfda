import { ApplicationScreen, type ApplicationScreenProps } from '../components/application-screen';

/** /visitor/web/application: a visitor's first application (or a resubmission) — SPEC 2, 3, 5. */
export function ApplicationPage(props: Pick<ApplicationScreenProps, 'onSaved' | 'donePath'>) {
  return <ApplicationScreen titleKey="public.application" mode="apply" {...props} />;
}
