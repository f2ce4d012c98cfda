/** The organizers' two names of the show (project settings). */
export interface ShowNames {
  nameZh: string;
  nameEn: string;
}

/**
 * The show's name in `locale`: the other language's while that one is empty; undefined while both are (each
 * caller says what stands in: nothing on a page, a neutral word in a message).
 */
export function showNameIn(names: ShowNames, locale: string): string | undefined {
  const [own, other] = locale === 'zh-CN' ? [names.nameZh, names.nameEn] : [names.nameEn, names.nameZh];
  return own.trim() || other.trim() || undefined;
}
