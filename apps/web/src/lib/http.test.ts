import { STORAGE_KEY_TOKEN } from '@agency/schema';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import {
  ApiError,
  hasErrorCode,
  isRetryable,
  readApiError,
  request,
  setEnrolmentRequiredListener,
  setUnauthorizedListener,
  uploadFiles,
} from './http';

afterEach(() => {
  setUnauthorizedListener(null);
  setEnrolmentRequiredListener(null);
});

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request', () => {
  it('sends the stored bearer token and the query, and accepts any 2xx', async () => {
    localStorage.setItem(STORAGE_KEY_TOKEN, 'abc');
    server.use(
      http.get('/api/things', ({ request: req }) => {
        expect(req.headers.get('Authorization')).toBe('Bearer abc');
        expect(new URL(req.url).search).toBe('?q=tea&limit=5');
        return HttpResponse.json({ ok: true }, { status: 203 });
      }),
      http.delete('/api/things/1', () => new HttpResponse(null, { status: 204 })),
    );
    expect(await request('/things', { query: { q: 'tea', limit: 5, cursor: undefined, empty: '' } })).toEqual({ ok: true });
    expect(await request('/things/1', { method: 'DELETE' })).toBeUndefined();
  });

  it('carries the API’s code, its message and Retry-After on a failure', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(
          { error: 'Too many failed sign-in attempts', code: 'TOO_MANY_ATTEMPTS' },
          { status: 429, headers: { 'Retry-After': '90' } },
        ),
      ),
    );
    const error = await failureOf(request('/auth/login', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed sign-in attempts', retryAfterSeconds: 90 });
    expect(hasErrorCode(error, 'TOO_MANY_ATTEMPTS', 'FORBIDDEN')).toBe(true);
    expect(isRetryable(error)).toBe(false);
  });

  it('gives an answer without a known code (a proxy’s page) the generic code of its kind', async () => {
    server.use(
      http.get('/api/a', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' })),
      http.get('/api/b', () => HttpResponse.json({ error: 'Gone', code: 'SOMETHING_NEW' }, { status: 404 })),
    );
    const proxy = await failureOf(request('/a'));
    expect(proxy).toMatchObject({ code: 'INTERNAL', message: 'Request failed (502 Bad Gateway)', serverMessage: undefined });
    expect(isRetryable(proxy)).toBe(true);
    expect(await failureOf(request('/b'))).toMatchObject({ code: 'NOT_FOUND', serverMessage: 'Gone' });
  });

  it('signs out when the server no longer accepts the stored token, and only then', async () => {
    localStorage.setItem(STORAGE_KEY_TOKEN, 'expired');
    const onUnauthorized = vi.fn();
    setUnauthorizedListener(onUnauthorized);
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ error: 'Sign in to continue', code: 'UNAUTHENTICATED' }, { status: 401 })),
      http.post('/api/auth/login', () => HttpResponse.json({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, { status: 401 })),
    );
    await failureOf(request('/auth/login', { method: 'POST', body: {} }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    await failureOf(request('/auth/me'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a session of the call’s own instead of the stored one, and its refusal signs nobody out', async () => {
    localStorage.setItem(STORAGE_KEY_TOKEN, 'stored-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedListener(onUnauthorized);
    const bearers: (string | null)[] = [];
    server.use(
      http.get('/api/proposals/31', ({ request: call }) => {
        bearers.push(call.headers.get('authorization'));
        return HttpResponse.json({ error: 'Sign in to continue', code: 'UNAUTHENTICATED' }, { status: 401 });
      }),
    );
    expect(await failureOf(request('/proposals/31', { session: 'link-session' }))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(bearers).toEqual(['Bearer link-session']);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEY_TOKEN)).toBe('stored-token');
  });

  it('tells the auth state when the server wants two-factor enrolment first, without signing out', async () => {
    localStorage.setItem(STORAGE_KEY_TOKEN, 'staff-token');
    const onEnrolment = vi.fn();
    const onUnauthorized = vi.fn();
    setEnrolmentRequiredListener(onEnrolment);
    setUnauthorizedListener(onUnauthorized);
    server.use(
      http.get('/api/projects', () =>
        HttpResponse.json(
          { error: 'Turn on two-factor authentication on your profile page before you continue', code: 'MFA_ENROLMENT_REQUIRED' },
          { status: 403 },
        ),
      ),
    );
    expect(await failureOf(request('/projects'))).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    expect(onEnrolment).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a network error worth retrying', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    const error = await failureOf(request('/down'));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(isRetryable(error)).toBe(true);
  });
});

describe('readApiError', () => {
  it('reads the code of an answer fetched elsewhere like any other, and signs nobody out', async () => {
    const signedOut = vi.fn();
    const enrol = vi.fn();
    setUnauthorizedListener(signedOut);
    setEnrolmentRequiredListener(enrol);
    const refused = await readApiError(
      Response.json({ error: 'Turn on two-factor authentication first', code: 'MFA_ENROLMENT_REQUIRED' }, { status: 403 }),
    );
    expect(refused).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED', message: 'Turn on two-factor authentication first' });
    expect(hasErrorCode(await readApiError(new Response('<h1>Unauthorized</h1>', { status: 401 })), 'UNAUTHENTICATED')).toBe(true);
    expect(hasErrorCode(await readApiError(new Response('Bad gateway', { status: 502 })), 'INTERNAL')).toBe(true);
    expect(signedOut).not.toHaveBeenCalled();
    expect(enrol).not.toHaveBeenCalled();
  });
});

describe('uploadFiles', () => {
  it('posts the files as multipart with the bearer token and reports progress', async () => {
    localStorage.setItem(STORAGE_KEY_TOKEN, 'abc');
    server.use(
      http.post('/api/projects/3/attachments', async ({ request: req }) => {
        expect(req.headers.get('Authorization')).toBe('Bearer abc');
        const names = (await req.formData()).getAll('files').map((file) => (file as File).name);
        return HttpResponse.json({ names }, { status: 201 });
      }),
    );
    const onProgress = vi.fn();
    const body = await uploadFiles('/projects/3/attachments', 'files', [new File(['a'], 'a.txt'), new File(['bb'], 'b.png')], { onProgress });
    expect(body).toEqual({ names: ['a.txt', 'b.png'] });
    expect(onProgress).toHaveBeenCalled();
  });

  it('fails with the API’s code like a JSON call', async () => {
    server.use(
      http.post('/api/messages/uploads', () => HttpResponse.json({ error: 'The upload is too large', code: 'PAYLOAD_TOO_LARGE' }, { status: 413 })),
    );
    const error = await failureOf(uploadFiles('/messages/uploads', 'files', [new File(['a'], 'a.txt')]));
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The upload is too large' });
  });
});
