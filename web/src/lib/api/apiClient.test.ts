import { ApiError, ErrorCode, LoginResponseSchema, messageKeyFor } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, fileNameOf } from './apiClient';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(answer: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
  );
  const api = createApiClient({
    getToken: () => ({ access_token: 'abc', token_type: 'Bearer' }),
    fetch: fetchMock,
  });
  return { api, fetchMock };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiClient', () => {
  it('prefixes /api/v1 and sends the Authorization header from token_type and access_token', async () => {
    const { api, fetchMock } = client(jsonResponse(200, { ok: true }));
    await expect(api.post('/2fa/activate', { otp_code: '1234567' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/2fa/activate');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init?.body).toBe('{"otp_code":"1234567"}');
  });

  it('leaves the Authorization header out of unauthenticated calls', async () => {
    const { api, fetchMock } = client(jsonResponse(200, {}));
    await api.post('/auth/forgot', { email: 'a@b.c' }, { authenticated: false });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws the shared ApiError built from the {error, message, fields} body', async () => {
    const { api } = client(
      jsonResponse(400, { error: ErrorCode.LOGIN_LOCKED, message: 'locked soon', fields: { remaining_attempts: 2 } }),
    );
    const error = await failure(api.post('/auth/login', {}, { authenticated: false }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(ErrorCode.LOGIN_LOCKED);
    expect(error.message).toBe('locked soon');
    expect(error.body.fields).toEqual({ remaining_attempts: 2 });
    expect(messageKeyFor(error.status, error.code)).toBe('errors.incorrectCredentialsAttempts');
  });

  it('maps an answer without the error format to the HTTP-level kind', async () => {
    const { api } = client(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(api.get('/versions'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('serviceUnavailable');
    expect(messageKeyFor(error.status, error.code)).toBe('errors.serviceUnavailable');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { api } = client(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/versions'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('serviceUnavailable');
  });

  it('announces a 401 on authenticated calls, so the session can end', async () => {
    const { api } = client(jsonResponse(401, { error: 'unauthorized', message: 'no session' }));
    const seen = vi.fn();
    api.unauthorized$.subscribe(seen);
    await failure(api.post('/2fa'));
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of an unauthenticated call (login) as the end of a session', async () => {
    const { api } = client(jsonResponse(401, { error: 'unauthorized', message: 'no' }));
    const seen = vi.fn();
    api.unauthorized$.subscribe(seen);
    await failure(api.post('/auth/login', {}, { authenticated: false }));
    expect(seen).not.toHaveBeenCalled();
  });

  it('parses answers with the given schema and refuses ones that do not fit', async () => {
    const { api } = client(jsonResponse(200, { token: 'not an object' }));
    const error = await failure(api.post('/auth/login', {}, { schema: LoginResponseSchema, authenticated: false }));
    expect(error.code).toBe('general');
  });

  it('counts calls in flight for the loading indicator', async () => {
    const { api } = client(jsonResponse(200, {}));
    const counts: number[] = [];
    api.pending$.subscribe((count) => counts.push(count));
    await api.get('/versions');
    expect(counts).toEqual([0, 1, 0]);
  });
});

describe('fileNameOf', () => {
  it('reads the file name of Content-Disposition: quoted, plain and encoded', () => {
    expect(fileNameOf('attachment; filename="laptop-7.ovpn"')).toBe('laptop-7.ovpn');
    expect(fileNameOf("attachment; filename*=UTF-8''a%20b.ovpn")).toBe('a b.ovpn');
    expect(fileNameOf('attachment; filename="rf 1.zip"')).toBe('rf 1.zip');
    expect(fileNameOf('attachment; filename=rf.zip')).toBe('rf.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.zip")).toBe('résumé.zip');
  });

  it('answers null without a name, or for a header it cannot read', () => {
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment; filename')).toBeNull();
  });
});
