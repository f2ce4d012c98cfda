import { useParams, useSearchParams } from 'react-router';
import { lazyPage } from '../../../components/lazy-page';

// Each page is its own lazy chunk (DESIGN §7); its locale namespace loads alongside it.
const NAMESPACES = ['invitation-letter'];

const LetterRequestPage = lazyPage(() => import('./letter-request-page').then((module) => module.LetterRequestPage), NAMESPACES);
const VerifyPage = lazyPage(() => import('./letter-verify-page').then((module) => module.LetterVerifyPage), NAMESPACES);

/** /we/exhibitor/letters/:badgeId: a staff member's invitation letter, from the badge's page. */
export function ExhibitorLetterRoute({ badgePath }: { badgePath: (badgeId: string) => string }) {
  const { badgeId = '' } = useParams();
  return <LetterRequestPage badgeId={badgeId} backPath={badgePath(badgeId)} />;
}

/** /wo/audience/letters and /wo/exhibitor/letters: the section's queue (the server answers the kinds it decides). */
export const LetterQueueRoute = lazyPage(() => import('./letter-queue-page').then((module) => module.LetterQueuePage), NAMESPACES);

/** /wo/project/letter */
export const LetterTemplateRoute = lazyPage(() => import('./letter-template-page').then((module) => module.LetterTemplatePage), NAMESPACES);

/** /letters/verify/:letterId?s=… (public): what a letter's QR opens. */
export function LetterVerifyRoute() {
  const { letterId = '' } = useParams();
  const [search] = useSearchParams();
  return <VerifyPage letterId={letterId} signature={search.get('s') ?? ''} />;
}
