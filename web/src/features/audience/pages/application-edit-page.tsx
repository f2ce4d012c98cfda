import { ApplicationScreen } from '../components/application-screen';

/** /wa/visitor/info/edit: the same form, prefilled from the viewer's application. */
export function ApplicationEditPage() {
  return <ApplicationScreen titleKey="visitor.pages.edit" mode="edit" />;
}
