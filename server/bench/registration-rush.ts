// Scenario `registration-rush`: registered visitors (seeded in bulk, DEMO_BULK_VISITORS, each signed in and
// given an activation code the organizer generated through the product's own mutation) apply at once: each
// uploads two distinct real face photos (entry card and ID, 750×1000 crops of face-api's demo samples) through
// the multipart GraphQL upload the web app sends, then submits, with the web app's own documents. First 8 then
// 32 clients, each for BENCH_RUSH_SECONDS, while the organizer asks for the viewer at a steady modest rate; the
// viewer's idle p99 is measured in the same run, before the rush. Afterwards every accepted application is read
// back through the organizer's list (each exactly once) and a sample through the detail page's query (its
// face-match score is there). Goal on PostgreSQL: ≥ 1,200 accepted applications a minute, the viewer p99
// during the rush ≤ 2× idle, none lost.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../../e2e/support/server-process';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { facePicture, SAMPLE_FACES, type Sample } from '../../e2e/support/pictures';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { bulkVisitorMobile } from '../src/seed/bulk-visitors';
import { DEMO_ACCOUNTS } from '../src/seed/demo-seed';
import { serverProcess } from './memory';
import { cpuMsOf, DATABASE_LABELS, startPortal, type BenchDatabase } from './targets';

export const REGISTRATION_RUSH_SCENARIO = 'registration-rush';
const CLIENT_COUNTS = (process.env.BENCH_RUSH_CLIENTS ?? '8,32').split(',').map(Number);
const PHASE_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 20);
const IDLE_SECONDS = 5;
/** Visitors seeded and signed in; a phase that runs out of them ends early (and says so). */
const VISITORS = Number(process.env.BENCH_RUSH_VISITORS ?? 1_200);
/** The organizer's viewer query, requests a second: a back office open beside the rush, not a load of its own. */
const VIEWER_RATE = 20;
const PHOTO_WIDTH = 750;
const PHOTO_HEIGHT = 1000;
/** Face-box shares of the picture the crops aim at (the rule is 15–45 %); two different ones make a visitor's pair. */
const CROP_RATIOS = [0.24, 0.28, 0.32, 0.36] as const;
const SIGN_IN_CONCURRENCY = 8;
const READ_BACK_PAGE = 100;
const DETAILS_CHECKED = 20;

/** The web app's own documents, so that the bench sends what the pages send. */
const document = (path: string) => readFileSync(join(repoRoot, 'web/src/features', path), 'utf8');
const UPLOAD_PHOTO = document('application/api/upload-photo.graphql');
const SUBMIT_APPLICATION = document('application/api/submit-application.graphql');
const AUDIENCE_LIST = document('review/api/audience-list.graphql');
/** The part of the detail page's query (review/api/audience-detail.graphql) the check reads. */
const AUDIENCE_DETAIL = 'query AudienceDetail($id: ID!) { audience(id: $id) { id faceMatchScore } }';
const VIEWER = JSON.stringify({ query: 'query { viewer { __typename } }' });

interface Percentiles {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export interface RushPhase {
  clients: number;
  seconds: number;
  accepted: number;
  /** Answers other than an accepted upload or application, by error code. */
  failed: Record<string, number>;
  /** The phase ran out of signed-in visitors before its time was up. */
  ranOut: boolean;
  perMinute: number;
  application: Percentiles;
  upload: Percentiles;
  submit: Percentiles;
  viewer: Percentiles;
  /** Viewer p99 during the rush / idle. */
  viewerRatio: number;
  /** The server process's CPU time over the phase's wall time (2 = both cores). */
  serverCores: number;
  serverCpuMsPerApplication: number;
  loadAverage: number;
}

export interface RegistrationRushResult {
  name: typeof REGISTRATION_RUSH_SCENARIO;
  database: BenchDatabase;
  visitors: number;
  signInMs: number;
  viewerIdle: Percentiles;
  phases: RushPhase[];
  /** Accepted applications read back: found exactly once, missing, found more than once; details with a face-match score. */
  readBack: { accepted: number; once: number; missing: number; duplicated: number; detailsChecked: number; withScore: number };
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0);
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99) };
}

class GraphqlError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function graphql<T>(origin: string, jar: CookieJar, body: BodyInit, json = true): Promise<T> {
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: { 'x-portal-client': 'web', cookie: jar.header(), ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const answer = (await response.json()) as { data?: T | null; errors?: Array<{ extensions?: { code?: string } }> };
  if (!answer.data || answer.errors?.length) throw new GraphqlError(answer.errors?.[0]?.extensions?.code ?? `HTTP_${response.status}`);
  return answer.data;
}

async function uploadPhoto(origin: string, jar: CookieJar, purpose: 'ENTRY_CARD' | 'ID_CARD', picture: Buffer): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD_PHOTO, variables: { file: null, purpose } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `${purpose.toLowerCase()}.jpg`);
  return (await graphql<{ uploadPhoto: { id: string } }>(origin, jar, form, false)).uploadPhoto.id;
}

/** A person's pictures: the same face in crops of different size, each 750×1000 (a phone's portrait shot, scaled). */
async function picturesOf(sample: Sample): Promise<Buffer[]> {
  return Promise.all(
    CROP_RATIOS.map(async (ratio) => sharp(await facePicture(sample, ratio)).resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()),
  );
}

interface Visitor {
  index: number;
  mobile: string;
  jar: CookieJar;
  code: string;
}

/** The codes of a fresh batch, generated through the organizers' mutation and read back through their list. */
async function activationCodes(origin: string, organizer: CookieJar, count: number): Promise<string[]> {
  const batch = `rush-${Date.now()}`;
  await graphql(origin, organizer, JSON.stringify({ query: 'mutation ($batch: String!, $count: Int!) { generateActivationCodes(batch: $batch, count: $count) { count } }', variables: { batch, count } }));
  const codes: string[] = [];
  for (let page = 1; codes.length < count; page++) {
    const { activationCodes: found } = await graphql<{ activationCodes: { nodes: Array<{ code: string }> } }>(
      origin,
      organizer,
      JSON.stringify({ query: 'query ($filter: ActivationCodeFilter, $page: Int, $pageSize: Int) { activationCodes(filter: $filter, page: $page, pageSize: $pageSize) { nodes { code } } }', variables: { filter: { batch, status: 'UNUSED' }, page, pageSize: READ_BACK_PAGE } }),
    );
    if (found.nodes.length === 0) throw new Error(`only ${codes.length} of ${count} generated codes were listed`);
    codes.push(...found.nodes.map((node) => node.code));
  }
  return codes;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

/** The organizer's viewer query at VIEWER_RATE a second, for `seconds` or until `until` settles. */
function viewerLoad(origin: string, organizer: CookieJar, load: { seconds: number } | { until: Promise<unknown> }): Promise<Percentiles> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}/apis/core/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: organizer.header() },
        body: VIEWER,
        connections: 2,
        overallRate: VIEWER_RATE,
        timeout: 10,
        duration: 'seconds' in load ? load.seconds : 3_600,
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx + result.errors + result.timeouts > 0) reject(new Error(`the viewer query failed ${result.non2xx + result.errors + result.timeouts} times`));
        else resolve({ count: result.requests.total, p50Ms: result.latency.p50, p99Ms: result.latency.p99 });
      },
    );
    if ('until' in load) void load.until.finally(() => instance.stop());
  });
}

interface Application {
  id: string;
  mobile: string;
}

/** `clients` visitors at a time apply, each as the web app does: entry photo, ID photo, submit. */
async function rush(origin: string, clients: number, visitors: Visitor[], pictures: Buffer[][], day: string) {
  const applications: Application[] = [];
  const failed: Record<string, number> = {};
  const times = { application: [] as number[], upload: [] as number[], submit: [] as number[] };
  const ends = performance.now() + PHASE_SECONDS * 1000;
  let ranOut = false;
  const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    into.push(performance.now() - started);
    return result;
  };
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < ends) {
      const visitor = visitors.shift();
      if (!visitor) {
        ranOut = true;
        return;
      }
      // The same person's face twice, in two different crops; people and crops change from visitor to visitor.
      const person = pictures[visitor.index % pictures.length] ?? [];
      const [entry, id] = [person[visitor.index % person.length], person[(visitor.index + 1 + (visitor.index % (person.length - 1))) % person.length]];
      if (!entry || !id || entry === id) throw new Error('a visitor needs two distinct pictures');
      const started = performance.now();
      try {
        const entryPhotoId = await timed(times.upload, () => uploadPhoto(origin, visitor.jar, 'ENTRY_CARD', entry));
        const idPhotoId = await timed(times.upload, () => uploadPhoto(origin, visitor.jar, 'ID_CARD', id));
        const input = {
          name: `Rush Visitor ${lettersOf(visitor.index)}`,
          mobile: visitor.mobile,
          email: `rush.visitor.${visitor.index}@example.com`,
          idType: 'MAINLAND_ID',
          idNumber: idNumberOf(visitor.index),
          entryPhotoId,
          idPhotoId,
          visitDates: [day],
          activationCode: visitor.code,
          truthConfirmed: true,
          sensitiveConsent: true,
        };
        const { submitApplication } = await timed(times.submit, () =>
          graphql<{ submitApplication: { id: string; approveStatus: string } }>(origin, visitor.jar, JSON.stringify({ query: SUBMIT_APPLICATION, variables: { input } })),
        );
        times.application.push(performance.now() - started);
        applications.push({ id: submitApplication.id, mobile: visitor.mobile });
      } catch (error) {
        const code = error instanceof GraphqlError ? error.code : String(error);
        failed[code] = (failed[code] ?? 0) + 1;
      }
    }
  }));
  return { applications, failed, ranOut, times };
}

/** The index in letters (a name holds no digits): 1 → A, 27 → AA. */
function lettersOf(index: number): string {
  let letters = '';
  for (let rest = index; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** A valid mainland ID number of its own for each visitor: a birth date per index from 1970 on. */
function idNumberOf(index: number): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + index * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110105${birth}${String(index % 1000).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

/** Every application of the list (the organizer's own query, newest first), as id → how many times it came. */
async function listedApplications(origin: string, organizer: CookieJar): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let page = 1; ; page++) {
    const { audiences } = await graphql<{ audiences: { total: number; nodes: Array<{ id: string }> } }>(
      origin,
      organizer,
      JSON.stringify({ query: AUDIENCE_LIST, variables: { filter: { statuses: ['WAIT'] }, sort: 'SUBMITTED_DESC', page, pageSize: READ_BACK_PAGE } }),
    );
    for (const node of audiences.nodes) seen.set(node.id, (seen.get(node.id) ?? 0) + 1);
    if (page * READ_BACK_PAGE >= audiences.total) return seen;
  }
}

async function readBack(origin: string, organizer: CookieJar, accepted: Application[]): Promise<RegistrationRushResult['readBack']> {
  // The detail first, as soon as the rush ends: the organizer opens the newest applications.
  const sample = accepted.slice(-DETAILS_CHECKED);
  let withScore = 0;
  for (const application of sample) {
    const { audience } = await graphql<{ audience: { faceMatchScore: number | null } }>(origin, organizer, JSON.stringify({ query: AUDIENCE_DETAIL, variables: { id: application.id } }));
    if (audience.faceMatchScore !== null) withScore += 1;
  }
  const listed = await listedApplications(origin, organizer);
  const counts = accepted.map((application) => listed.get(application.id) ?? 0);
  const mobiles = new Set(accepted.map((application) => application.mobile));
  if (mobiles.size !== accepted.length) throw new Error('one visitor was accepted twice');
  return {
    accepted: accepted.length,
    once: counts.filter((count) => count === 1).length,
    missing: counts.filter((count) => count === 0).length,
    duplicated: counts.filter((count) => count > 1).length,
    detailsChecked: sample.length,
    withScore,
  };
}

export async function runRegistrationRush(logDir: string, database: BenchDatabase): Promise<RegistrationRushResult> {
  const pictures = await Promise.all((Object.keys(SAMPLE_FACES).map(Number) as Sample[]).map((sample) => picturesOf(sample)));
  // Only the visitors: the other scenarios' bulk fills (set in process.env by their modules) stay off.
  const bulk = { DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0', DEMO_BULK_BADGES: '0', DEMO_BULK_TICKETS: '0', DEMO_GATE_DAY_TODAY: 'false', DEMO_BULK_VISITORS: String(VISITORS) };
  const target = await startPortal(database, bulk, logDir);
  try {
    const pid = serverProcess(target.pid as number);
    const organizer = await signIn(target.origin, { ...DEMO_ACCOUNTS.organizer, scope: 'organizer' });
    const { project } = await graphql<{ project: { showDays: Array<{ day: string; capacity: number }> } }>(target.origin, organizer, JSON.stringify({ query: 'query { project { showDays { day capacity } } }' }));
    const day = [...project.showDays].sort((a, b) => b.capacity - a.capacity)[0]?.day;
    if (!day) throw new Error('the seeded show has no day');

    const signInStarted = performance.now();
    const codes = await activationCodes(target.origin, organizer, VISITORS);
    const visitors: Visitor[] = [];
    await eachLimited(Array.from({ length: VISITORS }, (_, index) => index + 1), SIGN_IN_CONCURRENCY, async (index) => {
      const mobile = bulkVisitorMobile(index).replace('+86', '');
      visitors.push({ index, mobile, jar: await signIn(target.origin, { identity: mobile, password: DEMO_ACCOUNTS.audience.password, scope: 'audience' }), code: codes[index - 1] ?? '' });
    });
    visitors.sort((a, b) => a.index - b.index);
    const signInMs = Math.round(performance.now() - signInStarted);
    console.log(`        ${VISITORS} visitors signed in and ${codes.length} codes generated in ${signInMs} ms`);

    // Warm-up, and a check of the pictures: every one passes the face check (the demo visitor, who never submits).
    const demoVisitor = await signIn(target.origin, { ...DEMO_ACCOUNTS.audience, scope: 'audience' });
    for (const [person, crops] of pictures.entries()) {
      for (const [crop, picture] of crops.entries()) {
        await uploadPhoto(target.origin, demoVisitor, 'ENTRY_CARD', picture).catch((error: unknown) => {
          throw new Error(`picture ${person}/${crop} (sample ${person + 1}, face ${CROP_RATIOS[crop]}) is refused: ${String(error)}`);
        });
      }
    }
    await viewerLoad(target.origin, organizer, { seconds: 1 });
    const viewerIdle = await viewerLoad(target.origin, organizer, { seconds: IDLE_SECONDS });
    console.log(`        viewer idle: ${viewerIdle.count} requests, p50 ${viewerIdle.p50Ms} ms, p99 ${viewerIdle.p99Ms} ms`);

    const phases: RushPhase[] = [];
    const accepted: Application[] = [];
    for (const clients of CLIENT_COUNTS) {
      const cpuBefore = cpuMsOf(pid);
      const started = performance.now();
      const running = rush(target.origin, clients, visitors, pictures, day);
      const [result, viewer] = await Promise.all([running, viewerLoad(target.origin, organizer, { until: running })]);
      const wallMs = performance.now() - started;
      const cpuMs = cpuMsOf(pid) - cpuBefore;
      accepted.push(...result.applications);
      const phase: RushPhase = {
        clients,
        seconds: Math.round(wallMs / 100) / 10,
        accepted: result.applications.length,
        failed: result.failed,
        ranOut: result.ranOut,
        perMinute: Math.round((result.applications.length / wallMs) * 60_000),
        application: percentiles(result.times.application),
        upload: percentiles(result.times.upload),
        submit: percentiles(result.times.submit),
        viewer,
        viewerRatio: Number((viewer.p99Ms / Math.max(1, viewerIdle.p99Ms)).toFixed(1)),
        serverCores: Number((cpuMs / wallMs).toFixed(2)),
        serverCpuMsPerApplication: result.applications.length ? Math.round(cpuMs / result.applications.length) : 0,
        loadAverage: Number((loadavg()[0] ?? 0).toFixed(2)),
      };
      phases.push(phase);
      console.log(
        `        ${clients} clients: ${phase.accepted} accepted in ${phase.seconds} s (${phase.perMinute}/min${phase.ranOut ? ', ran out of visitors' : ''}), ` +
          `application p50 ${phase.application.p50Ms} / p99 ${phase.application.p99Ms} ms, upload p99 ${phase.upload.p99Ms} ms, submit p99 ${phase.submit.p99Ms} ms, ` +
          `viewer p99 ${phase.viewer.p99Ms} ms (${phase.viewerRatio}× idle), server ${phase.serverCores} cores, ${phase.serverCpuMsPerApplication} ms CPU an application, ` +
          `failed ${JSON.stringify(phase.failed)}, load average ${phase.loadAverage}`,
      );
    }
    const checked = await readBack(target.origin, organizer, accepted);
    console.log(`        read back: ${checked.once} of ${checked.accepted} exactly once, ${checked.missing} missing, ${checked.duplicated} duplicated; face-match score on ${checked.withScore} of ${checked.detailsChecked} opened`);
    return { name: REGISTRATION_RUSH_SCENARIO, database, visitors: VISITORS, signInMs, viewerIdle, phases, readBack: checked };
  } finally {
    await target.stop();
  }
}

export function registrationRushMarkdown(results: readonly RegistrationRushResult[]): string {
  const rows = results.flatMap((result) =>
    result.phases.map((phase) =>
      `| ${[
        DATABASE_LABELS[result.database],
        phase.clients,
        `${phase.accepted}${phase.ranOut ? ' (ran out)' : ''}`,
        phase.perMinute,
        Object.entries(phase.failed).map(([code, count]) => `${code} ${count}`).join(', ') || '0',
        phase.application.p50Ms,
        phase.application.p99Ms,
        phase.upload.p99Ms,
        phase.submit.p99Ms,
        result.viewerIdle.p99Ms,
        phase.viewer.p99Ms,
        phase.viewerRatio,
        phase.serverCores,
        phase.serverCpuMsPerApplication,
        phase.loadAverage,
      ].join(' | ')} |`,
    ),
  );
  return [
    '## Registration rush',
    '',
    `Registered visitors each upload two face photos (${PHOTO_WIDTH}×${PHOTO_HEIGHT} JPEG) and submit, ${PHASE_SECONDS} s per client count, while the organizer's viewer query runs at ${VIEWER_RATE}/s.`,
    '',
    '| database | clients | accepted | per minute (goal ≥ 1,200) | failed | application p50 ms | p99 | upload p99 | submit p99 | viewer idle p99 | viewer p99 during | ratio (goal ≤ 2) | server cores | server CPU ms / application | load average |',
    '|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...results.map(
      (result) =>
        `${DATABASE_LABELS[result.database]} read back: ${result.readBack.once} of ${result.readBack.accepted} accepted applications listed exactly once, ${result.readBack.missing} missing, ${result.readBack.duplicated} duplicated; ` +
        `the face-match score on ${result.readBack.withScore} of the ${result.readBack.detailsChecked} newest opened right after the rush.`,
    ),
    '',
  ].join('\n');
}
