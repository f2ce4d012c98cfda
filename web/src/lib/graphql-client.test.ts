import { describe, expect, it, vi } from 'vitest';
import { createGraphQLClient, extractFiles, GraphQLClientError, type GraphQLDocument } from './graphql-client';
import { createRequestClient } from './request';
import { QUEUE_TICKET_HEADER, waitingRoomState } from './waiting-room';

// As the generated code writes it: the operation first, then the fragments it spreads.
const document = new String('\nquery Viewer($id: ID) { viewer { ...ViewerName } }\nfragment ViewerName on Ouser { __typename }') as GraphQLDocument<{ viewer: { __typename: string } }, { id?: string; file?: Blob }>;

function client(response: () => Response) {
  const fetchImpl = vi.fn<typeof fetch>(async () => response());
  return { fetchImpl, graphql: createGraphQLClient(createRequestClient({ baseUrl: '/apis' }, fetchImpl)) };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('graphql client', () => {
  it('posts query, variables and operation name as JSON and returns data', async () => {
    const { fetchImpl, graphql } = client(() => json({ data: { viewer: { __typename: 'Ouser' } } }));
    await expect(graphql(document, { id: '1' })).resolves.toEqual({ viewer: { __typename: 'Ouser' } });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/apis/core/graphql');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-portal-client')).toBe('web');
    const body = JSON.parse(String(init?.body)) as { query: string; variables: unknown; operationName: string };
    expect(body.operationName).toBe('Viewer');
    expect(body.variables).toEqual({ id: '1' });
    expect(body.query).toContain('viewer');
  });
  // 429: the admission control's refusal; 503: an instance that was closing when the request came.
  it.each([429, 503])('waits out a busy refusal (%i) in the waiting room and sends again with the ticket that keeps its place', async (status) => {
    vi.useFakeTimers();
    try {
      const answers = [
        json({ data: null, errors: [{ message: 'busy', extensions: { code: 'SERVER_BUSY', params: { seconds: 3, ahead: 4, ticket: 'place-1' } } }] }, status),
        json({ data: { viewer: { __typename: 'Ouser' } } }),
      ];
      const { fetchImpl, graphql } = client(() => answers.shift() ?? json({}, 500));
      const answered = graphql(document);
      await vi.waitFor(() => expect(waitingRoomState()).toMatchObject({ ahead: 4 }));
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(3000);
      await expect(answered).resolves.toEqual({ viewer: { __typename: 'Ouser' } });
      expect(new Headers(fetchImpl.mock.calls[1]?.[1]?.headers).get(QUEUE_TICKET_HEADER)).toBe('place-1');
      expect(waitingRoomState()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
  it('raises the first error message', async () => {
    const { graphql } = client(() => json({ data: null, errors: [{ message: 'Please sign in first', extensions: { classification: 'UNAUTHORIZED' } }] }));
    const error = await graphql(document).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLClientError);
    expect((error as GraphQLClientError).message).toBe('Please sign in first');
    expect((error as GraphQLClientError).response.status).toBe(200);
  });
  it("raises 'GraphQL Error (Code: {status})' when there is no error message", async () => {
    const { graphql } = client(() => new Response('', { status: 502 }));
    await expect(graphql(document)).rejects.toThrow('GraphQL Error (Code: 502)');
  });
  it('sends a multipart request when the variables hold a file', async () => {
    const { fetchImpl, graphql } = client(() => json({ data: { viewer: { __typename: 'User' } } }));
    const file = new Blob(['x'], { type: 'image/png' });
    await graphql(document, { file });
    const body = fetchImpl.mock.calls[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('operations')))).toMatchObject({ variables: { file: null } });
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.file'] });
    expect(form.get('0')).toBeInstanceOf(Blob);
  });
});

describe('extractFiles', () => {
  it('finds files in nested objects and arrays', () => {
    const a = new Blob(['a']);
    const { clone, files } = extractFiles({ input: { photos: [a, 'keep'], other: 1 } });
    expect(clone).toEqual({ input: { photos: [null, 'keep'], other: 1 } });
    expect(files.get(a)).toEqual(['variables.input.photos.0']);
  });
});
