// The hub for clients built to the spec: the official @microsoft/signalr client started with `withCredentials: true`
// and no accessTokenFactory, carrying only the HttpOnly session cookie that sign-in set (as a browser would send it),
// receives live orders over WebSockets and long polling; the cookie from a foreign Origin is refused (CSWSH).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type ILogger } from '@microsoft/signalr';
import type { OrderDto } from '@topup/contract/orders';
import { ADMIN, buildTestApp, type TestApp } from '../../test/helpers.ts';
import { HUB_COOKIE } from '../modules/auth/session-cookie.ts';
import { SESSION_TTL_MS } from '../modules/auth/tokens.ts';
import { FAST, TRANSPORTS, createPackage, listen, placeOrder, upgradeStatus, waitFor } from './hub.fixtures.ts';

const SHOP_UI = 'http://127.0.0.1:5999';
let t: TestApp;
let base: string;
let packageId: string;
let cookie: string;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
  t = await buildTestApp({ CORS_ORIGINS: SHOP_UI }, { build: { hub: FAST, webDir } });
  base = await listen(t);
  packageId = await createPackage(t);
  const login = await fetch(`${base}/api/v1/auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  // What the browser keeps and sends back to /dashboard: the name=value part of Set-Cookie.
  cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('topup_hub_session='))!
    .split(';')[0]!;
});
afterAll(() => t?.close());

function cookieClient(transport: HttpTransportType, origin: string) {
  const logs: string[] = [];
  const logger: ILogger = { log: (level, message) => void logs.push(`${LogLevel[level]}: ${message}`) };
  const connection = new HubConnectionBuilder()
    // No accessTokenFactory: the cookie (and the page's Origin) are what a browser adds by itself.
    .withUrl(`${base}/dashboard`, { transport, withCredentials: true, headers: { cookie, origin } })
    .configureLogging(logger)
    .build();
  const orders: OrderDto[] = [];
  connection.on('ReceiveOrder', (order: OrderDto) => void orders.push(order));
  return { connection, orders, logs };
}

describe('hub by session cookie', () => {
  for (const { name, transport } of TRANSPORTS) {
    it(`delivers live orders to a client with credentials and no token over ${name}`, async () => {
      const client = cookieClient(transport, SHOP_UI);
      await client.connection.start();
      try {
        const order = await placeOrder(t, packageId, `cookie-${name}`);
        await waitFor(() => client.orders.some((o) => o.id === order.id), 'the order');
      } finally {
        await client.connection.stop();
      }
    });

    it(`refuses the cookie from a foreign origin over ${name}`, async () => {
      const client = cookieClient(transport, 'https://evil.example');
      await expect(client.connection.start()).rejects.toThrow();
    });
  }

  it('checks Origin on the raw transports too: a WebSocket upgrade and a long poll riding on the cookie', async () => {
    const upgrade = (origin: string) => upgradeStatus(`${base.replace('http', 'ws')}/dashboard`, { cookie, origin });
    expect(await upgrade(SHOP_UI)).toBe(101);
    expect(await upgrade(base)).toBe(101);
    expect(await upgrade('https://evil.example')).toBe(403);

    const negotiated = await fetch(`${base}/dashboard/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { cookie, origin: SHOP_UI },
    });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const poll = await fetch(`${base}/dashboard?id=${connectionToken}`, { headers: { cookie, origin: 'https://evil.example' } });
    expect(poll.status).toBe(403);
    await fetch(`${base}/dashboard?id=${connectionToken}`, { method: 'DELETE', headers: { cookie } });
  });

  it('follows the sign-in session: one Set-Cookie per cookie, lives as long as the session, renewed on refresh, ended by logout', async () => {
    const signIn = await fetch(`${base}/api/v1/auth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const setCookies = signIn.headers.getSetCookie();
    const names = setCookies.map((c) => c.split('=')[0]);
    expect(names).toEqual([...new Set(names)]);
    const hub = setCookies.find((c) => c.startsWith(`${HUB_COOKIE}=`))!;
    // The session's life (30 days), not the access token's 15 minutes.
    const maxAge = Number(/Max-Age=(\d+)/.exec(hub)![1]);
    expect(maxAge).toBeGreaterThan(SESSION_TTL_MS / 1000 - 60);
    const value = hub.split(';')[0]!;
    const { accessToken, refreshToken } = ((await signIn.json()) as { payLoad: { accessToken: string; refreshToken: string } }).payLoad;
    // It opens the hub only: as an API bearer token it is refused.
    expect(value.split('=')[1]).not.toBe(accessToken);
    expect((await fetch(`${base}/api/v1/User`, { headers: { authorization: `Bearer ${value.split('=')[1]}` } })).status).toBe(401);
    const negotiate = (c: string) => fetch(`${base}/dashboard/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: c } });
    expect((await negotiate(value)).status).toBe(200);

    const refreshed = await fetch(`${base}/api/v1/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    const renewed = refreshed.headers.getSetCookie().filter((c) => c.startsWith(`${HUB_COOKIE}=`));
    expect(renewed).toHaveLength(1);
    expect(Number(/Max-Age=(\d+)/.exec(renewed[0]!)![1])).toBeGreaterThan(SESSION_TTL_MS / 1000 - 60);

    const out = await fetch(`${base}/api/v1/auth/Logout`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${HUB_COOKIE}=; .*Max-Age=0`))]);
    expect((await negotiate(value)).status).toBe(401);
    expect((await negotiate(renewed[0]!.split(';')[0]!)).status).toBe(401);
  });
});
