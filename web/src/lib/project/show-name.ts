import { useTranslation } from 'react-i18next';
import { showNameIn } from '@portal/shared/show/show-name';
import { useHydrated } from '../use-hydrated';
import { useProjectSetting } from './project-setting';

/**
 * The show's name in the page's language, as the organizers set it in /wo/project/info (the other
 * language's name while one is empty); undefined until it is read or when none is set, so that no page
 * shows a name of its own, and while a pre-rendered screen hydrates (its markup has no name: the setting may
 * already be cached when the client renders first). Header, footer, sign-in page and the document title all show this one.
 */
export function useShowName(): string | undefined {
  const { i18n } = useTranslation();
  const { data } = useProjectSetting();
  const hydrated = useHydrated();
  if (!data || !hydrated) return undefined;
  return showNameIn(data, i18n.language);
}
