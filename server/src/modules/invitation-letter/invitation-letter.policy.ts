import { SECTION_RULES } from '@portal/shared/auth/scopes';
import type { LetterHolderKind } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { AppError } from '../../lib/app-error';
import { hasOrganizerRoles, requireOrganizerRoles, requireViewer } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';
import type { BadgeViewer } from '../badge/badge.policy';

/**
 * Who decides a letter: the organizers of the holder's section — the audience section for a visitor's
 * (ROLE_SUPER_ADMIN or ROLE_AUDIENCE, who approved the application), the exhibitor section for a staff
 * member's (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR, who approved the badge).
 */
const DECIDERS = { VISITOR: SECTION_RULES.audience, STAFF: SECTION_RULES.exhibitor } as const;

/** The kinds of letter the viewer decides (none: not an organizer of either section). */
export function decidableKinds(viewer: Viewer | undefined): LetterHolderKind[] {
  return (Object.keys(DECIDERS) as LetterHolderKind[]).filter((kind) => hasOrganizerRoles(viewer, DECIDERS[kind]));
}

/** An organizer who decides some kind of letter, or UNAUTHENTICATED / FORBIDDEN. */
export function requireLetterOrganizer(viewer: Viewer | undefined): { viewer: Viewer; kinds: LetterHolderKind[] } {
  const found = requireViewer(viewer);
  const kinds = decidableKinds(found);
  if (kinds.length === 0) throw new AppError('FORBIDDEN');
  return { viewer: found, kinds };
}

/** An organizer who decides this kind of letter, or FORBIDDEN. */
export function requireLetterDecider(viewer: Viewer | undefined, kind: LetterHolderKind): Viewer {
  return requireOrganizerRoles(viewer, DECIDERS[kind]);
}

/** The letter's holder: the visitor whose application it names, or an account of the staff member's company. */
export function isLetterHolder(viewer: BadgeViewer | undefined, letter: { holderKind: LetterHolderKind; subjectId: string; exhibitorId: string | null }, ownApplicationId: string | null): boolean {
  if (letter.holderKind === 'VISITOR') return viewer?.scope === 'audience' && ownApplicationId === letter.subjectId;
  return viewer?.scope === 'exhibitor' && !!viewer.exhibitorId && viewer.exhibitorId === letter.exhibitorId;
}

/** The template (letterhead, issuer, texts) is the project section's, as the project settings are. */
export function requireTemplateEditor(viewer: Viewer | undefined): Viewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.project);
}

export function isTemplateEditor(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.project);
}
