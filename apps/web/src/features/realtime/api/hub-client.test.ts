// The hub client's configuration, start retries, reconnect resyncs and fresh access tokens. The @microsoft/signalr
// module is MOCKED here (src/test/signalr.fake.ts): these tests check what the dashboard asks of the official client and how
// it reacts to the client's callbacks; the real client against the real server is covered by e2e/realtime.e2e.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '../../../lib/http';
import { getAccessToken, getRefreshToken, saveTokens } from '../../../lib/session';
import { fakeServer } from '../../../components/dashboard/test-utils';
import { freshAccessToken } from './access-token';
import { connectDashboardHub, TRANSPORT_STORAGE_KEY, unwrapPayload, type ConnectionStatus, type HubHandlers } from './hub-client';
import { built, fakeJwt as jwt, latestHub, startFailures } from '../../../test/signalr.fake';

vi.mock('@microsoft/signalr', () => import('../../../test/signalr.fake'));

function handlers() {
  const statuses: ConnectionStatus[] = [];
  const h = {
    onStatus: vi.fn((s: ConnectionStatus) => void statuses.push(s)),
    onOrder: vi.fn(),
    onNotification: vi.fn(),
    onResync: vi.fn(),
  } satisfies HubHandlers;
  return { h, statuses };
}

/** Lets the dynamic import and the awaited start() settle. */
const settle = () => vi.waitFor(() => expect(built.length).toBeGreaterThan(0));

/** Runs pending promise callbacks without moving (fake) time: the mocked module is loaded once, up front. */
async function flush() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}
await import('@microsoft/signalr');

beforeEach(() => {
  built.length = 0;
  startFailures.remaining = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connectDashboardHub', () => {
  it('configures the official client with the documented timeouts and transports', async () => {
    const { h } = handlers();
    const hub = connectDashboardHub(h);
    await settle();
    const conn = latestHub();
    expect(conn.url).toBe('/dashboard');
    // WebSockets | LongPolling
    expect(conn.options).toMatchObject({ transport: 1 | 4, withCredentials: true, timeout: 100_000 });
    expect(conn.options.accessTokenFactory).toBe(freshAccessToken);
    expect(conn.reconnectDelays).toEqual([0, 2000, 5000, 10000]);
    expect(conn.serverTimeoutInMilliseconds).toBe(30_000);
    expect(conn.keepAliveIntervalInMilliseconds).toBe(15_000);
    await vi.waitFor(() => expect(h.onStatus).toHaveBeenLastCalledWith('connected'));
    // The first successful start missed nothing.
    expect(h.onResync).not.toHaveBeenCalled();
    await hub.stop();
    expect(conn.stop).toHaveBeenCalled();
  });

  it('lets a test pin long polling through localStorage', async () => {
    localStorage.setItem(TRANSPORT_STORAGE_KEY, 'LongPolling');
    const hub = connectDashboardHub(handlers().h);
    await settle();
    expect(latestHub().options.transport).toBe(4);
    await hub.stop();
  });

  it('hands over orders and notifications, bare or wrapped', async () => {
    const { h } = handlers();
    const hub = connectDashboardHub(h);
    await settle();
    const conn = latestHub();
    conn.push('ReceiveOrder', { id: 'o1', inGameUserId: 'a' });
    conn.push('ReceiveOrder', { order: { id: 'o2', inGameUserId: 'b' } });
    conn.push('ReceiveNotificationMessage', { id: 'n1', orderId: 'o1', message: 'New order' });
    conn.push('ReceiveNotificationMessage', { notification: { id: 'n2', orderId: 'o2', message: 'New order' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    conn.push('ReceiveOrder', 'nonsense');
    expect(h.onOrder.mock.calls.map(([o]) => (o as { id: string }).id)).toEqual(['o1', 'o2']);
    expect(h.onNotification.mock.calls.map(([n]) => (n as { id: string }).id)).toEqual(['n1', 'n2']);
    expect(warn).toHaveBeenCalledOnce();
    await hub.stop();
  });

  it("hands over colleagues' order changes and deletions (ReceiveOrderChanged); a payload without an order is only a warning", async () => {
    const { h } = handlers();
    const onOrderChanged = vi.fn();
    const hub = connectDashboardHub({ ...h, onOrderChanged });
    await settle();
    const conn = latestHub();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    conn.push('ReceiveOrderChanged', {
      orderId: 'o1',
      changes: ['status'],
      updatedAt: 't',
      by: 'a@b',
      deleted: false,
      order: { id: 'o1', status: 'COMPLETED' },
    });
    conn.push('ReceiveOrderChanged', { orderId: 'o2', changes: ['deleted'], updatedAt: null, by: null, deleted: true, order: null });
    conn.push('ReceiveOrderChanged', { orderId: 'o3', changes: ['status'], deleted: false, order: null });
    expect(onOrderChanged.mock.calls.map(([e]) => (e as { orderId: string }).orderId)).toEqual(['o1', 'o2']);
    expect(warn).toHaveBeenCalledOnce();
    // Not a new order: the spec's handlers hear nothing of it.
    expect(h.onOrder).not.toHaveBeenCalled();
    await hub.stop();
  });

  it('retries a failed start every 3 s, then resyncs the lists once connected', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { h, statuses } = handlers();
    startFailures.remaining = 2;
    const hub = connectDashboardHub(h);
    await flush();
    expect(statuses).toEqual(['connecting', 'disconnected']);
    const conn = latestHub();
    expect(conn.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(conn.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(conn.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(conn.start).toHaveBeenCalledTimes(3);
    expect(statuses.at(-1)).toBe('connected');
    expect(h.onResync).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledTimes(2);
    await hub.stop();
  });

  it('reports reconnecting, and resyncs after the client reconnected by itself', async () => {
    const { h, statuses } = handlers();
    const hub = connectDashboardHub(h);
    await settle();
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('connected'));
    const conn = latestHub();
    conn.fireReconnecting();
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(h.onResync).not.toHaveBeenCalled();
    conn.fireReconnected();
    expect(statuses.at(-1)).toBe('connected');
    expect(h.onResync).toHaveBeenCalledOnce();
    await hub.stop();
  });

  it('starts afresh 3 s after the connection closed for good, and resyncs; never after stop()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { h, statuses } = handlers();
    const hub = connectDashboardHub(h);
    await flush();
    expect(statuses.at(-1)).toBe('connected');
    const conn = latestHub();
    conn.fireClose();
    expect(statuses.at(-1)).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(3000);
    expect(conn.start).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('connected');
    expect(h.onResync).toHaveBeenCalledOnce();

    await hub.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(conn.start).toHaveBeenCalledTimes(2);
  });

  it('builds nothing when stopped before the client module loaded', async () => {
    const hub = connectDashboardHub(handlers().h);
    await hub.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(built).toHaveLength(0);
  });
});

describe('unwrapPayload', () => {
  it('accepts the object itself or one holding it', () => {
    expect(unwrapPayload({ id: 'x' }, 'order')).toEqual({ id: 'x' });
    expect(unwrapPayload({ order: { id: 'x' } }, 'order')).toEqual({ id: 'x' });
    expect(unwrapPayload({ notification: { id: 'n' } }, 'notification')).toEqual({ id: 'n' });
    expect(unwrapPayload(null, 'order')).toBeNull();
    expect(unwrapPayload({ order: 'x' }, 'order')).toBeNull();
  });
});

describe('freshAccessToken (the accessTokenFactory)', () => {
  it('returns the stored token while it has more than a minute left, without any call', async () => {
    const calls = fakeServer(() => undefined);
    const token = jwt(3600);
    saveTokens(token, 'refresh-1');
    await expect(freshAccessToken()).resolves.toBe(token);
    expect(calls).toHaveLength(0);
  });

  it('refreshes an expired or nearly expired token first and hands over the new one', async () => {
    const next = jwt(3600);
    const calls = fakeServer((c) =>
      c.url.endsWith('/api/v1/auth/refresh-token') ? { payLoad: { accessToken: next, refreshToken: 'refresh-2' } } : undefined,
    );
    saveTokens(jwt(-10), 'refresh-1');
    await expect(freshAccessToken()).resolves.toBe(next);
    expect(calls).toEqual([{ method: 'POST', url: '/api/v1/auth/refresh-token', body: { refreshToken: 'refresh-1' } }]);
    expect(getAccessToken()).toBe(next);
    expect(getRefreshToken()).toBe('refresh-2');

    saveTokens(jwt(30), 'refresh-2');
    const later = jwt(3600, 'admin-1b');
    fakeServer(() => ({ payLoad: { accessToken: later, refreshToken: 'refresh-3' } }));
    await expect(freshAccessToken()).resolves.toBe(later);
  });

  it('ends the session through the HTTP client’s session-expired flow when the refresh is refused', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fakeServer(() => ({ status: 401, message: 'Invalid refresh token' }));
    saveTokens(jwt(-10), 'refresh-1');
    await expect(freshAccessToken()).rejects.toThrow('Invalid refresh token');
    expect(expired).toHaveBeenCalledOnce();
    expect(getAccessToken()).toBeNull();
  });

  it('keeps the session when the refresh could not reach the server (the next reconnect tries again)', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const token = jwt(-10);
    saveTokens(token, 'refresh-1');
    await expect(freshAccessToken()).rejects.toThrow('Network Error');
    expect(expired).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe(token);
  });
});
