import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type GraphQLResponse, type TestApp, type TestClient } from './test/test-app';
import { createAccount } from './test/factories';
import { signInDirectly } from './test/sessions';
import { bestFace, cropAroundFace, demoSample } from './modules/face/face-test-pictures';
import { audiences } from './db/schema/index';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { QUEUE_TICKET_HEADER } from './lib/admission-gate';

const UPLOAD = `mutation ($file: Upload!, $purpose: PhotoPurpose!) { uploadPhoto(file: $file, purpose: $purpose) { id } }`;
const SUBMIT = `mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id } }`;
const DAY = '2099-05-10';

type Submitted = GraphQLResponse<{ submitApplication: { id: string } }>;

interface Visitor {
  client: TestClient;
  accountId: string;
  input: Record<string, unknown>;
}

async function uploadPhoto(client: TestClient, picture: Buffer, purpose: 'ENTRY_CARD' | 'ID_CARD') {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
  const body = (await (await client.fetch('/apis/core/graphql', { method: 'POST', body: form })).json()) as GraphQLResponse<{ uploadPhoto: { id: string } }>;
  if (!body.data) throw new Error(`upload failed: ${JSON.stringify(body.errors)}`);
  return body.data.uploadPhoto.id;
}

/** Posts the visitor's application as the web app does, with the queue ticket of an earlier refusal when there is one. */
async function submit(visitor: Visitor, ticket?: string) {
  const response = await visitor.client.fetch('/apis/core/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ticket ? { [QUEUE_TICKET_HEADER]: ticket } : {}) },
    body: JSON.stringify({ query: SUBMIT, variables: { input: visitor.input } }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Submitted };
}

/** A promise and the function that settles it. */
function latch() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// The admission gate in front of the costly operations (docs/decisions/0807-admission-control.md): real requests over HTTP, on
// PGlite in process, or on PostgreSQL with the Redis ledger when REDIS_URL is set (CI's second phase).
describe('admission control of the costly operations', () => {
  let app: TestApp;
  let visitors: Visitor[];
  /** Submits running inside the gate now, the most ever, and the order they started in. */
  const watch = { running: 0, most: 0, started: [] as number[] };
  const hold = latch();

  beforeAll(async () => {
    app = await createTestApp({ ADMISSION_IN_FLIGHT: '2', ADMISSION_QUEUE: '3', ADMISSION_MAX_WAIT_SECONDS: '30' });
    const services = app.portal.app.services;
    await services.show.upsertShowDay({ day: DAY, capacity: 100, deadline: new Date(`${DAY}T09:00:00+08:00`) });
    const codes = Array.from({ length: 8 }, (_, index) => `RUSH-${index}`);
    await services.activationCodes.insert(codes, 'rush-test');
    const sample = demoSample(3);
    const face = await cropAroundFace(sample, bestFace((await services.faces.analyse(sample)).boxes), 0.3);
    visitors = [];
    for (const [index, code] of codes.entries()) {
      const { account } = await createAccount(app, 'audience');
      const client = app.client({ locale: 'en-US' });
      await signInDirectly(app, client, account);
      const first17 = `11010519910203${String(index).padStart(3, '0')}`;
      visitors.push({
        client,
        accountId: account.id,
        input: {
          name: '张伟',
          mobile: `1360000${String(index).padStart(4, '0')}`,
          email: `rush${index}@example.com`,
          idType: 'MAINLAND_ID',
          idNumber: first17 + mainlandIdCheckCharacter(first17),
          entryPhotoId: await uploadPhoto(client, face, 'ENTRY_CARD'),
          idPhotoId: await uploadPhoto(client, face, 'ID_CARD'),
          visitDates: [DAY],
          activationCode: code,
          truthConfirmed: true,
          sensitiveConsent: true,
        },
      });
    }
    // Around the real submit, inside the gate: count what runs at once and hold it until the test lets go.
    const applications = services.applications;
    const realSubmit = applications.submit.bind(applications);
    applications.submit = async (viewer, fields) => {
      watch.running += 1;
      watch.most = Math.max(watch.most, watch.running);
      watch.started.push(visitors.findIndex((visitor) => visitor.accountId === viewer.id));
      try {
        await hold.opened;
        return await realSubmit(viewer, fields);
      } finally {
        watch.running -= 1;
      }
    };
  }, 120_000);
  afterAll(() => app.close());

  async function storedApplications() {
    const rows = await app.portal.database.db
      .select({ accountId: audiences.accountId })
      .from(audiences)
      .where(inArray(audiences.accountId, visitors.map((visitor) => visitor.accountId)));
    return rows.map((row) => row.accountId);
  }

  it('runs at most the bound at once, serves the queue in arrival order, refuses beyond it with Retry-After, and loses nothing it took', async () => {
    const gate = app.portal.app.services.admission;
    const answers: Array<Promise<Awaited<ReturnType<typeof submit>>>> = [];
    // Two take the slots; three queue, one after the other so that their order is known.
    answers.push(submit(visitors[0]!), submit(visitors[1]!));
    await vi.waitFor(() => expect(watch.running).toBe(2), { timeout: 10_000, interval: 10 });
    for (const index of [2, 3, 4]) {
      answers.push(submit(visitors[index]!));
      await vi.waitFor(async () => expect((await gate.load()).queued).toBe(index - 1), { timeout: 10_000, interval: 10 });
    }
    // The queue is at its bound: the next ones are told when to come back, in their language, at once.
    const refused = await Promise.all([5, 6, 7].map((index) => submit(visitors[index]!)));
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      const error = answer.body.errors?.[0];
      expect(error?.extensions.code).toBe('SERVER_BUSY');
      expect(error?.message).toBe(`Many visitors are sending at this moment. Please try again in ${answer.retryAfter} s`);
    }
    hold.open();
    const accepted = await Promise.all(answers);
    expect(accepted.map((answer) => [answer.status, answer.body.errors])).toEqual(accepted.map(() => [200, undefined]));
    expect(watch.most).toBe(2);
    // Arrival order, up to the round: slots freed at once go to the next arrivals, which may start in either order.
    expect(watch.started.slice(0, 2).sort()).toEqual([0, 1]);
    expect(watch.started).toHaveLength(5);
    watch.started.forEach((arrival, position) => expect(Math.abs(position - arrival)).toBeLessThanOrEqual(1));
    expect((await storedApplications()).sort()).toEqual(visitors.slice(0, 5).map((visitor) => visitor.accountId).sort());

    // The refused come back after their wait: each stored exactly once, and nothing is left holding a slot.
    for (const answer of await Promise.all([5, 6, 7].map((index) => submit(visitors[index]!)))) expect(answer.status).toBe(200);
    const stored = await storedApplications();
    expect(stored).toHaveLength(visitors.length);
    expect(new Set(stored).size).toBe(visitors.length);
    expect(await gate.load()).toEqual({ inFlight: 0, queued: 0 });
  });
});
