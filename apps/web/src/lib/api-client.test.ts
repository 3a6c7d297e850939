import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  api,
  classifyFailure,
  configureApiClient,
  type GlobalAction,
} from './api-client.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
}

describe('api client', () => {
  let failures: GlobalAction[];
  let fetchMock: ReturnType<typeof respond>;

  beforeEach(() => {
    failures = [];
    configureApiClient({
      baseUrl: '/api',
      getToken: () => 'secret-token',
      getLocale: () => 'ca',
      onFailure: (action) => failures.push(action),
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  const stub = (status: number, body?: unknown) => {
    fetchMock = respond(status, body);
    vi.stubGlobal('fetch', fetchMock);
  };

  const lastRequest = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    return { url, init, headers: init.headers as Record<string, string> };
  };

  it('sends the Bearer token, the XHR header and the locale, and unwraps data', async () => {
    stub(200, { data: { status: 'ok' } });
    await expect(api.get('/health', { query: { page: 2 } })).resolves.toEqual({ status: 'ok' });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/health?page=2&lang=ca');
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['Accept-Language']).toBe('ca');
  });

  it('sends JSON bodies and no Authorization header without a token', async () => {
    configureApiClient({ getToken: () => null });
    stub(200, { data: { ok: true } });
    await api.post<z.ZodType, z.ZodType>('/auth/login', { email: 'a@b.c', password: 'x' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it.each([
    [400, { message: 'Bad' }, { type: 'connection-error' }],
    [
      401,
      { message: 'Incorrect credentials', error_code: 2 },
      { type: 'bad-credentials', message: 'Incorrect credentials' },
    ],
    [401, { message: 'User disabled', error_code: 6 }, { type: 'inactive-user', message: 'User disabled' }],
    [401, { message: 'Unauthenticated' }, { type: 'session-expired' }],
    [404, { message: 'Element not found' }, { type: 'not-found', message: 'Element not found' }],
    [
      422,
      { message: 'Invalid', errors: { email: ['Email required', 'Email format'], name: ['Name required'] } },
      { type: 'validation', messages: ['Email required', 'Email format', 'Name required'] },
    ],
    [500, { message: 'Boom' }, { type: 'connection-error' }],
    [503, undefined, { type: 'connection-error' }],
    [403, { message: 'Forbidden' }, { type: 'error', message: 'Forbidden' }],
  ])('status %i is handled globally as the spec table says', async (status, body, expected) => {
    stub(status, body);
    const error = await apiRequest('GET', '/anything').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(failures).toEqual([expected]);
  });

  it('treats no response at all as a connection error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/health').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeNull();
    expect(failures).toEqual([{ type: 'connection-error' }]);
  });

  it('leaves a status to the caller that handles it, and exposes the first message of each field', async () => {
    stub(422, { message: 'Invalid', errors: { password: ['Too short', 'Too weak'] } });
    const error = (await api
      .put<z.ZodType, z.ZodType>('/users/1/changePassword', {}, { handles: [422] })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(failures).toEqual([]);
    expect(error.fieldError('password')).toBe('Too short');
    expect(error.fieldError('password_confirmation')).toBeUndefined();
  });

  it('keeps background loads silent on an expired session but still flags bad credentials', async () => {
    stub(401, { message: 'Unauthenticated' });
    await api.get('/auth/me', { silentUnauthorized: true }).catch(() => undefined);
    expect(failures).toEqual([]);
    stub(401, { message: 'Incorrect credentials', error_code: 2 });
    await api.get('/auth/me', { silentUnauthorized: true }).catch(() => undefined);
    expect(failures).toEqual([{ type: 'bad-credentials', message: 'Incorrect credentials' }]);
  });

  it('stays quiet for calls that deal with every failure themselves', async () => {
    stub(500, { message: 'Boom' });
    await api.post<z.ZodType, z.ZodType>('/ui-error', {}, { quiet: true }).catch(() => undefined);
    expect(failures).toEqual([]);
  });

  it('does not choke on a non-JSON error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = (await api.get('/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.body).toBeNull();
    expect(failures).toEqual([{ type: 'connection-error' }]);
  });

  it('classifies a 422 without field errors by its message', () => {
    expect(classifyFailure(422, { message: 'Invalid data' })).toEqual({
      type: 'validation',
      messages: ['Invalid data'],
    });
  });
});
