import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import { ApiRequestError, api } from './api';

function setCookie(value: string) {
  document.cookie = `${CSRF_COOKIE}=${value}; path=/`;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const rejected = {
  error: { code: 'CSRF_REJECTED', message: 'Your session security check failed.' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('api CSRF token', () => {
  it('sends the cookie token, and after a refusal fetches a fresh one and asks once more', async () => {
    setCookie('from-before-sign-in');
    const sent: (string | null)[] = [];
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/auth/csrf') {
        setCookie('for-this-session');
        return Promise.resolve(json(200, { token: 'for-this-session' }));
      }
      const token = new Headers(init?.headers).get(CSRF_HEADER);
      sent.push(token);
      return Promise.resolve(
        token === 'for-this-session' ? json(200, { ok: true }) : json(403, rejected),
      );
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/profile/avatar-x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(sent).toEqual(['from-before-sign-in', 'for-this-session']);
  });

  it('asks only once more: a second refusal is the error', async () => {
    setCookie('stale');
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        posts += url === '/api/auth/csrf' ? 0 : 1;
        return Promise.resolve(
          url === '/api/auth/csrf' ? json(200, { token: 'stale' }) : json(403, rejected),
        );
      }),
    );
    const failure = await api.post('/api/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).code).toBe('CSRF_REJECTED');
    expect(posts).toBe(2);
  });

  it('does not repeat a request refused for another reason', async () => {
    setCookie('good');
    let posts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        posts += 1;
        return Promise.resolve(json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }));
      }),
    );
    await expect(api.post('/api/x')).rejects.toBeInstanceOf(ApiRequestError);
    expect(posts).toBe(1);
  });
});
