// The HTTP client's retry rule: a 401/403 refreshes once and repeats the call, concurrent failures share
// one refresh, a failed refresh logs out, goes to /login and rejects with 'Session expired', refresh is never retried.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setSessionExpiredHandler } from './http';
import i18n from './i18n';
import { getAccessToken, getRefreshToken, getUserData, saveTokens } from './session';

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

const OLD = jwt({ sub: 'u1', email: 'old@shop.test' });
const NEW = jwt({ sub: 'u1', email: 'admin@shop.test' });

type Call = { url: string; auth: string | null; language: string | null; body: unknown };
let calls: Call[];
let respond: (call: Call) => { status: number; json?: unknown } | Promise<{ status: number; json?: unknown }>;

function envelope(payLoad: unknown, statusCode = 200, message = 'Success') {
  return { statusCode, message, payLoad, payLoadList: null };
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const call = {
        url,
        auth: headers.authorization ?? null,
        language: headers['accept-language'] ?? null,
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const { status, json } = await respond(call);
      return new Response(json === undefined ? '' : JSON.stringify(json), { status });
    }),
  );
  saveTokens(OLD, 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(() => {});
});

const isRefresh = (c: Call) => c.url.endsWith('/api/v1/auth/refresh-token');

describe('request', () => {
  it('sends the stored bearer token and answers the envelope', async () => {
    respond = () => ({ status: 200, json: envelope({ id: 'g1' }) });
    const res = await request<{ id: string }>('/api/v1/Game', { query: { currentPage: 1, searchTerm: '' } });
    expect(res.payLoad.id).toBe('g1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe(`Bearer ${OLD}`);
    expect(calls[0]!.url).toBe('/api/v1/Game?currentPage=1');
  });

  it("asks for the server's messages in the app's language and keeps their codes", async () => {
    await i18n.changeLanguage('en');
    respond = () => ({
      status: 400,
      json: {
        ...envelope(null, 400, 'Bad'),
        code: 'transactionNumber',
        errors: { transactionNumber: ['Bad'] },
        errorCodes: { transactionNumber: ['transactionNumber'] },
      },
    });
    const error = await request('/api/v1/Order', { method: 'POST', body: {} }).catch((e: unknown) => e as ApiError);
    expect(calls[0]!.language).toBe('en');
    expect(error).toMatchObject({ status: 400, code: 'transactionNumber', fieldCodes: { transactionNumber: ['transactionNumber'] } });
    await i18n.changeLanguage('mm');
    await request('/api/v1/Game').catch(() => undefined);
    expect(calls[1]!.language).toBe('mm');
  });

  it('refreshes once for several calls failing with 401 at the same time, then repeats each with the new token', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    respond = async (c) => {
      if (isRefresh(c)) {
        await gate;
        return { status: 200, json: envelope({ accessToken: NEW, refreshToken: 'refresh-2' }) };
      }
      return c.auth === `Bearer ${NEW}`
        ? { status: 200, json: envelope(c.url) }
        : { status: 401, json: envelope(null, 401, 'Unauthorized') };
    };
    const pending = [request('/api/v1/Order'), request('/api/v1/Game'), request('/api/v1/User')];
    await vi.waitFor(() => expect(calls.filter(isRefresh)).toHaveLength(1));
    release();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.payLoad)).toEqual(['/api/v1/Order', '/api/v1/Game', '/api/v1/User']);
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(calls.filter(isRefresh)[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls.filter((c) => !isRefresh(c) && c.auth === `Bearer ${NEW}`)).toHaveLength(3);
    expect(getAccessToken()).toBe(NEW);
    expect(getRefreshToken()).toBe('refresh-2');
    expect(getUserData()).toEqual({ id: 'u1', email: 'admin@shop.test' });
  });

  it('treats 403 like 401, and repeats a call at most once', async () => {
    respond = (c) =>
      isRefresh(c)
        ? { status: 200, json: envelope({ accessToken: NEW, refreshToken: 'refresh-2' }) }
        : { status: 403, json: envelope(null, 403, 'Forbidden') };
    await expect(request('/api/v1/Order')).rejects.toMatchObject({ message: 'Forbidden', status: 403 });
    expect(calls.map((c) => (isRefresh(c) ? 'refresh' : 'call'))).toEqual(['call', 'refresh', 'call']);
  });

  it('logs out, goes to /login and rejects every waiting call with Session expired when the refresh fails', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    respond = (c) =>
      isRefresh(c)
        ? { status: 401, json: envelope(null, 401, 'Invalid or expired refresh token.') }
        : { status: 401, json: envelope(null, 401, 'Unauthorized') };
    const results = await Promise.allSettled([request('/api/v1/Order'), request('/api/v1/Game')]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((r as PromiseRejectedResult).reason.message).toBe(i18n.t('common:session.expired'));
      expect((r as PromiseRejectedResult).reason.code).toBe('sessionExpired');
    }
    // The refresh call itself is not retried, and the session ends once.
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('ends the session without calling the server when no refresh token is stored', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    localStorage.removeItem('refreshToken');
    respond = () => ({ status: 401, json: envelope(null, 401, 'Unauthorized') });
    await expect(request('/api/v1/Order')).rejects.toThrow(i18n.t('common:session.expired'));
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 401 from the refresh call or from signing in', async () => {
    respond = () => ({ status: 401, json: envelope(null, 401, 'Wrong email or password.') });
    await expect(request('/api/v1/auth/Login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } })).rejects.toThrow(
      'Wrong email or password.',
    );
    await expect(request('/api/v1/auth/refresh-token', { method: 'POST', body: { refreshToken: 'x' } })).rejects.toThrow(
      'Wrong email or password.',
    );
    expect(calls).toHaveLength(2);
    expect(getAccessToken()).toBe(OLD);
  });

  it('reports a network failure as Network Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await i18n.changeLanguage('en');
    await expect(request('/api/v1/Game')).rejects.toMatchObject({ message: 'Network Error', status: 0, code: 'network' });
    await i18n.changeLanguage('mm');
    await expect(request('/api/v1/Game')).rejects.toMatchObject({ message: i18n.t('common:errors.network'), status: 0, code: 'network' });
  });
});
