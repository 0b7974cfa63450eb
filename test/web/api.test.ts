import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@contract/errors';
import { ApiError, createApiClient } from '../../web/src/lib/api';
import { anOwnPost } from './factories';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A Blob's text. Which Blob `Response.blob()` makes here depends on the Node version (its own, with
 * `text()`, or jsdom's, which only a FileReader reads), as in browsers both work.
 */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsText(blob);
  });
}

describe('createApiClient', () => {
  it('builds feed URLs from apiUrl, with category, limit and cursor', async () => {
    const fetchImpl = vi.fn(async () => json(200, { items: [], nextCursor: null }));
    const api = createApiClient({ apiUrl: 'https://api.test/prod/', getIdToken: async () => null, fetchImpl });
    await api.call('posts.list', { query: { category: 'amor', limit: 20, cursor: 'abc' } });
    expect(fetchImpl).toHaveBeenCalledWith('https://api.test/prod/posts?category=amor&limit=20&cursor=abc', expect.anything());
  });

  it('sends the ID token as a bearer token when publishing', async () => {
    const post = anOwnPost('pending');
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(201, post));
    const api = createApiClient({ apiUrl: 'https://api.test', getIdToken: async () => 'tok', fetchImpl });
    await expect(api.call('posts.create', { body: { category: 'varios', post: 'hola' } })).resolves.toEqual(post);
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(init.body as string)).toEqual({ category: 'varios', post: 'hola' });
  });

  it('calls a route of the contract by name: its method, its path with encoded parameters, the query in its declared order', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, { items: [], nextCursor: null }));
    const api = createApiClient({ apiUrl: 'https://api.test', getIdToken: async () => 'tok', fetchImpl });
    await api.call('authors.posts', { params: { name: 'Ana María/1' }, query: { cursor: 'c2', limit: 5 } });
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://api.test/authors/Ana%20Mar%C3%ADa%2F1/posts?limit=5&cursor=c2');
    expect(fetchImpl.mock.calls[0]![1]!.method).toBe('GET');
    // A public route: no token sent.
    expect(new Headers(fetchImpl.mock.calls[0]![1]!.headers).get('authorization')).toBeNull();
  });

  it('downloads a file with the token, named as the server names it in Content-Disposition', async () => {
    const fetchImpl = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response('{"exportedAt":"x"}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="vaya-dia-rocio.json"' },
        }),
    );
    const api = createApiClient({ apiUrl: 'https://api.test', getIdToken: async () => 'tok', fetchImpl });
    const file = await api.download('accounts.export');
    expect(fetchImpl.mock.calls[0]![0]).toBe('https://api.test/me/export');
    expect(new Headers(fetchImpl.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer tok');
    expect(file.fileName).toBe('vaya-dia-rocio.json');
    expect(file.blob.size).toBe('{"exportedAt":"x"}'.length);
    expect(await textOf(file.blob)).toBe('{"exportedAt":"x"}');
  });

  it('refuses an answer the contract does not describe, with the Spanish message for an unknown failure', async () => {
    const api = createApiClient({
      apiUrl: 'https://api.test',
      getIdToken: async () => 'tok',
      fetchImpl: async () => json(200, { votes: 'muchos', myVote: 'agree' }),
    });
    await expect(api.call('votes.cast', { params: { id: 'p1' }, body: { vote: 'agree' } })).rejects.toMatchObject({
      code: 'UNKNOWN',
      message: expect.stringContaining('Algo ha fallado'),
    });
  });

  it('shows the server message of an error body', async () => {
    const api = createApiClient({
      apiUrl: 'https://api.test',
      getIdToken: async () => 'tok',
      fetchImpl: async () => json(429, { error: { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message } }),
    });
    await expect(api.call('posts.create', { body: { category: 'varios', post: 'hola' } })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: ERRORS.RATE_LIMITED.message,
    });
  });

  it('maps any 401 (API Gateway sends {"message":"Unauthorized"}) to the Spanish message', async () => {
    const api = createApiClient({
      apiUrl: 'https://api.test',
      getIdToken: async () => 'expired',
      fetchImpl: async () => json(401, { message: 'Unauthorized' }),
    });
    await expect(api.call('posts.create', { body: { category: 'varios', post: 'hola' } })).rejects.toMatchObject({
      message: ERRORS.UNAUTHORIZED.message,
    });
  });

  it('reads a 429 without our error body as API Gateway throttling, not the publishing limit', async () => {
    const api = createApiClient({
      apiUrl: 'https://api.test/prod',
      getIdToken: async () => 'tok',
      fetchImpl: async () => json(429, { message: 'Too Many Requests' }),
    });
    await expect(api.call('posts.list')).rejects.toMatchObject({
      status: 429,
      code: 'THROTTLED',
      message: expect.stringContaining('mucho tráfico'),
    });
  });

  it('does not call the API to publish when signed out', async () => {
    const fetchImpl = vi.fn();
    const api = createApiClient({ apiUrl: 'https://api.test', getIdToken: async () => null, fetchImpl });
    await expect(api.call('posts.create', { body: { category: 'varios', post: 'hola' } })).rejects.toBeInstanceOf(ApiError);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('turns a network failure into a Spanish message', async () => {
    const api = createApiClient({
      apiUrl: 'https://api.test',
      getIdToken: async () => null,
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.call('posts.get', { params: { id: 'x' } })).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringContaining('No se pudo conectar'),
    });
  });
});
