// The one HTTP client: bearer token from storage, the envelope unwrapped, and the spec's retry rule —
// a 401/403 (not from refresh) refreshes once and repeats the call; concurrent failures share one refresh;
// a failed refresh logs out, goes to /login and rejects with 'Session expired'.
import type { Envelope, ErrorEnvelope, FieldErrors } from '@topup/contract/envelope';
import i18n from './i18n';
import { clearSession, getAccessToken, getRefreshToken, saveTokens } from './session';

export const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') ?? '';
const REFRESH_PATH = '/api/v1/auth/refresh-token';
const REFRESH_RE = /\/api\/v1\/auth\/refresh-token$/i;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: FieldErrors = {},
    /** The server's stable code for `message` (its text is already in the language the app asked for). */
    readonly code?: string,
    readonly fieldCodes: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** When given, the request goes through XMLHttpRequest to report upload progress (0–1). */
  onUploadProgress?: (fraction: number) => void;
};

export type RawResponse = { status: number; json: unknown };

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};
/** The app replaces the default full-page redirect with a router navigation. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshing: Promise<string> | null = null;

/** One refresh for every call that fails at the same time. */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) throw new ApiError(i18n.t('common:session.noRefreshToken'), 401, {}, 'noRefreshToken');
    const res = await send(REFRESH_PATH, { method: 'POST', body: { refreshToken } }, null);
    if (res.status !== 200) throw toApiError(res);
    const { accessToken, refreshToken: next } = (res.json as Envelope<{ accessToken: string; refreshToken: string }>).payLoad;
    saveTokens(accessToken, next);
    return accessToken;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Ends the session as a failed refresh does: tokens forgotten, the app's session-expired handler runs (also for the realtime hub). */
export function expireSession(): void {
  clearSession();
  onSessionExpired();
}

let expiring: Promise<string> | null = null;

/** The retry's refresh: shared like refreshAccessToken, and on failure the session ends once, not once per waiting call. */
export function refreshOrExpire(): Promise<string> {
  expiring ??= refreshAccessToken()
    .catch(() => {
      expireSession();
      throw new ApiError(i18n.t('common:session.expired'), 401, {}, 'sessionExpired');
    })
    .finally(() => {
      expiring = null;
    });
  return expiring;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T, unknown>> {
  const sentWith = getAccessToken();
  let res = await send(path, options, sentWith);
  if ((res.status === 401 || res.status === 403) && !REFRESH_RE.test(path) && !isPublicAuthCall(path)) {
    // A call that left before another one's refresh finished just repeats with the token that refresh stored.
    const current = getAccessToken();
    const token = current && current !== sentWith ? current : await refreshOrExpire();
    res = await send(path, options, token);
  }
  if (res.status < 200 || res.status >= 300) throw toApiError(res);
  return res.json as Envelope<T, unknown>;
}

/** Sign-in and password-reset calls answer 401 for wrong input; that is not an expired session. */
function isPublicAuthCall(path: string): boolean {
  return /\/api\/v1\/(auth\/(login|login\/two-factor|forgot-password|reset-password)|invitation\/(preview|accept))$/i.test(path);
}

export function toApiError(res: RawResponse): ApiError {
  const body = res.json as Partial<ErrorEnvelope> | null;
  // The spec's 'Network Error' (and unknown error), in the page's language; code 'network' marks it for screens.
  if (res.status === 0) return new ApiError(i18n.t('common:errors.network'), 0, {}, 'network');
  const message = body?.message || i18n.t('common:errors.unknown');
  return new ApiError(message, res.status, body?.errors ?? {}, body?.code, body?.errorCodes ?? {});
}

export function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<RawResponse> {
  const url = buildUrl(path, options.query);
  // The server answers its messages in this language (mm or en).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language === 'en' ? 'en' : 'mm' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  if (options.onUploadProgress) return sendXhr(url, method, headers, body, options);
  try {
    const res = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
    const text = await res.text();
    return { status: res.status, json: parseJson(text) };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { status: 0, json: null };
  }
}

function sendXhr(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  options: RequestOptions,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, json: parseJson(xhr.responseText) });
    xhr.onerror = () => resolve({ status: 0, json: null });
    xhr.ontimeout = () => resolve({ status: 0, json: null });
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

export function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
