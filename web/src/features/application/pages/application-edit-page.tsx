import { ApplicationScreen, type ApplicationScreenProps } from '../components/application-screen';

/** /wa/visitor/info/edit: the same form, prefilled from the viewer's application. */
export function ApplicationEditPage(props: Pick<ApplicationScreenProps, 'onSaved' | 'donePath'>) {
  return <ApplicationScreen titleKey="visitor.pages.edit" mode="edit" {...props} />;
}
