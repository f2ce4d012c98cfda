/** Where the back office shows each kind of subject (the router's paths, given by the organizer area). */
export interface AuditSubjectPaths {
  /** The application's detail (the approval list with its drawer open). */
  audience: (id: string) => string;
  exhibitorList: string;
  badgeList: string;
  ticketList: string;
  staffList: string;
  activationCodes: string;
  hardwareList: string;
  projectInfo: string;
  catalogList: string;
  bannerList: string;
  product: (id: string) => string;
}

/**
 * Where an entry's subject is seen in the back office: the application's drawer, the product's page,
 * or the list that finds it by name; null when there is nothing to open (an erased record, a photo).
 */
export function auditSubjectHref(entry: { subjectType: string | null; subjectId: string | null; subjectName: string | null; action: string }, paths: AuditSubjectPaths): string | null {
  const { subjectType, subjectId, subjectName } = entry;
  const find = (path: string) => (subjectName ? `${path}?${new URLSearchParams({ keyword: subjectName }).toString()}` : null);
  switch (subjectType) {
    case 'audience':
      return subjectId && subjectName ? paths.audience(subjectId) : null;
    case 'product':
      return subjectId ? paths.product(subjectId) : null;
    case 'exhibitor':
      return find(paths.exhibitorList);
    case 'badge':
      return find(paths.badgeList);
    case 'ticket':
      return find(paths.ticketList);
    case 'activation_code':
      return find(paths.activationCodes);
    // Accounts are linked where the organizers manage them: the staff list.
    case 'account':
      return entry.action.startsWith('staff.') ? find(paths.staffList) : null;
    case 'device':
      return paths.hardwareList;
    case 'project_settings':
      return paths.projectInfo;
    case 'catalog':
      return paths.catalogList;
    case 'banner':
    case 'banner_placement':
      return paths.bannerList;
    default:
      return null;
  }
}
