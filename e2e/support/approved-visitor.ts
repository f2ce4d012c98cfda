/**
 * A visitor with an approved application, made through the API (no browser): the visitor signs in,
 * uploads two face photos and submits; the organizer approves. For journeys that start where the
 * visitor journey (e2e/visitor.e2e.ts) ends, e.g. at the gate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { graphqlAs, signIn, type CookieJar, type Credentials } from './api-session';
import { facePicture, type Sample } from './pictures';
import { repoRoot } from './server-process';

/** The web app's own documents, so that the journey sends what the pages send. */
const document = (path: string) => readFileSync(join(repoRoot, 'web/src/features', path), 'utf8');

async function uploadPhoto(origin: string, jar: CookieJar, purpose: 'ENTRY_CARD' | 'ID_CARD', sample: Sample): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: document('application/api/upload-photo.graphql'), variables: { file: null, purpose } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(await facePicture(sample))], { type: 'image/jpeg' }), `${purpose.toLowerCase()}.jpg`);
  const response = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers: { 'x-portal-client': 'web', cookie: jar.header() }, body: form });
  const answer = (await response.json()) as { data?: { uploadPhoto: { id: string } }; errors?: unknown };
  if (!answer.data) throw new Error(`uploadPhoto failed (${response.status}): ${JSON.stringify(answer.errors).slice(0, 500)}`);
  return answer.data.uploadPhoto.id;
}

export interface ApplicationFacts {
  name: string;
  mobile: string;
  email: string;
  /** A mainland ID number with a valid check character, or a passport's number with `idType` PASSPORT. */
  idNumber: string;
  /** MAINLAND_ID unless said; any other type needs `birthDate`. */
  idType?: 'MAINLAND_ID' | 'PASSPORT';
  birthDate?: string;
  visitDates: string[];
  activationCode: string;
  samples: { entry: Sample; id: Sample };
}

/** Applies as `visitor`: the application's id and state after submitting (WAIT, or DONE where an auto-approval rule approved it). */
export async function apply(origin: string, visitor: Omit<Credentials, 'scope'>, facts: ApplicationFacts) {
  const visitorJar = await signIn(origin, { ...visitor, scope: 'audience' });
  const [entryPhotoId, idPhotoId] = [await uploadPhoto(origin, visitorJar, 'ENTRY_CARD', facts.samples.entry), await uploadPhoto(origin, visitorJar, 'ID_CARD', facts.samples.id)];
  const input = {
    name: facts.name,
    mobile: facts.mobile,
    email: facts.email,
    idType: facts.idType ?? 'MAINLAND_ID',
    idNumber: facts.idNumber,
    ...(facts.birthDate ? { birthDate: facts.birthDate } : {}),
    entryPhotoId,
    idPhotoId,
    visitDates: facts.visitDates,
    activationCode: facts.activationCode,
    truthConfirmed: true,
    sensitiveConsent: true,
  };
  const submitted = await graphqlAs<{ submitApplication: { id: string; approveStatus: string } }>(origin, visitorJar, document('application/api/submit-application.graphql'), { input });
  return { applicationId: submitted.submitApplication.id, status: submitted.submitApplication.approveStatus, visitorJar };
}

/** Applies as `visitor`, approves as `organizer`, and returns the application id and the VIP ticket's QR text. */
export async function applyAndApprove(origin: string, visitor: Omit<Credentials, 'scope'>, organizer: Omit<Credentials, 'scope'>, facts: ApplicationFacts) {
  const { applicationId, visitorJar } = await apply(origin, visitor, facts);
  const organizerJar = await signIn(origin, { ...organizer, scope: 'organizer' });
  await graphqlAs(origin, organizerJar, document('review/api/approve-applications.graphql'), { ids: [applicationId] });
  const ticket = await graphqlAs<{ viewer: { audience: { ticket: { token: string } | null } | null } }>(origin, visitorJar, 'query { viewer { ... on User { audience { ticket { token } } } } }');
  const qr = ticket.viewer.audience?.ticket?.token;
  if (!qr) throw new Error('the approved application has no ticket');
  return { applicationId, qr };
}
