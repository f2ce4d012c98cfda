import { useTranslation } from 'react-i18next';
import { isLocale } from '@portal/shared/i18n/locales';
import { useProjectSetting } from './project-setting';

/**
 * The show's name in the page's language, as the organizers set it in /wo/project/info (the other
 * language's name while one is empty); undefined until it is read or when none is set, so that no page
 * shows a name of its own. Header, footer, sign-in page and the document title all show this one.
 */
export function useShowName(): string | undefined {
  const { i18n } = useTranslation();
  const { data } = useProjectSetting();
  if (!data) return undefined;
  const [own, other] = isLocale(i18n.language) && i18n.language === 'zh-CN' ? [data.nameZh, data.nameEn] : [data.nameEn, data.nameZh];
  return own.trim() || other.trim() || undefined;
}
