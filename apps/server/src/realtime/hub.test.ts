// The hub against the official @microsoft/signalr client in Node, over WebSockets and long polling, on a listening
// server: live orders, keep-alive, refusal of bad tokens, connections for the sign-in session's life, and reconnect across a server restart.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState } from '@microsoft/signalr';
import WebSocket from 'ws';
import { ADMIN, buildTestApp, login, type TestApp } from '../../test/helpers.ts';
import {
  FAST,
  TRANSPORTS,
  connectClient,
  createPackage,
  listen,
  placeOrder,
  sleep,
  upgradeStatus,
  waitFor,
  type Client,
} from './hub.fixtures.ts';

const RS = '\x1e';

function tamper(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return token.slice(0, -2) + last + token.at(-1);
}

describe('realtime hub', () => {
  let t: TestApp;
  let base: string;
  let packageId: string;
  const token = () => t.tokens.accessToken;
  const clients: Client[] = [];
  const connect = async (transport: HttpTransportType, factory = token) => {
    const c = await connectClient(base, transport, factory);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'topup-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
    t = await buildTestApp({}, { build: { hub: FAST, webDir } });
    base = await listen(t);
    packageId = await createPackage(t);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await t?.close();
  });

  for (const { name, transport } of TRANSPORTS) {
    describe(name, () => {
      it('receives ReceiveOrder and ReceiveNotificationMessage once each for an order placed through the API', async () => {
        const client = await connect(transport);
        expect(client.connection.state).toBe(HubConnectionState.Connected);
        const order = await placeOrder(t, packageId, `player-${name}`);

        await waitFor(() => client.orders.length >= 1 && client.notifications.length >= 1, 'both events');
        await sleep(300);
        expect(client.orders).toHaveLength(1);
        expect(client.notifications).toHaveLength(1);
        expect(client.orders[0]).toMatchObject({ id: order.id, inGameUserId: `player-${name}`, status: 'PENDING', isRead: false });
        expect(client.orders[0]).toEqual(order);
        expect(client.notifications[0]).toMatchObject({ orderId: order.id, isRead: false });
        const row = await t.app.ctx.db.selectFrom('notifications').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
        expect(client.notifications[0]!.id).toBe(row.id);
        await client.stop();
      });

      it('keeps an idle connection alive past the server timeout, and still delivers afterwards', async () => {
        const client = await connect(transport);
        await sleep(FAST.serverTimeoutMs * 2.5);
        expect(client.connection.state).toBe(HubConnectionState.Connected);
        expect(client.events).toEqual([]);
        const order = await placeOrder(t, packageId);
        await waitFor(() => client.orders.some((o) => o.id === order.id), 'the order after idling');
        await client.stop();
      });

      it('answers an invocation of an unknown method with a completion error', async () => {
        const client = await connect(transport);
        await expect(client.connection.invoke('NoSuchMethod', 1)).rejects.toThrow("Unknown hub method 'NoSuchMethod'.");
        await client.connection.send('NoSuchMethod', 2); // fire-and-forget: no answer, connection stays
        await sleep(100);
        expect(client.connection.state).toBe(HubConnectionState.Connected);
        await client.stop();
      });

      it("keeps a connection past its access token's expiry, for the life of the sign-in session; logout ends it", async () => {
        // A session of its own, so signing it out leaves the other tests' session alone.
        const session = await login(t.app, ADMIN.email, ADMIN.password);
        const claims = (await t.app.ctx.tokens.verifyAccess(session.accessToken))!;
        // Long enough to connect on a loaded CI machine, short enough to expire while connected. Never refreshed.
        const shortLived = await t.app.ctx.tokens.signAccess(claims, 3);
        const client = await connect(transport, () => shortLived);
        await sleep(4500);
        expect(client.connection.state).toBe(HubConnectionState.Connected);
        expect(client.events).toEqual([]);
        const order = await placeOrder(t, packageId);
        await waitFor(() => client.orders.some((o) => o.id === order.id), 'the order after the token expired');

        const out = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/Logout',
          headers: { authorization: `Bearer ${session.accessToken}` },
        });
        expect(out.statusCode, out.body).toBe(200);
        await waitFor(() => client.events.some((e) => /session has ended/.test(e)), 'the close on logout', 10_000);
      });
    });
  }

  it('refuses anonymous and tampered tokens: negotiate, WebSocket upgrade and polls answer 401', async () => {
    const bad = tamper(t.tokens.accessToken);
    const negotiate = (headers: Record<string, string>) =>
      fetch(`${base}/dashboard/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    expect((await negotiate({})).status).toBe(401);
    expect((await negotiate({ authorization: `Bearer ${bad}` })).status).toBe(401);

    const ok = await negotiate({ authorization: `Bearer ${t.tokens.accessToken}` });
    expect(ok.status).toBe(200);
    const negotiated = (await ok.json()) as {
      connectionToken: string;
      connectionId: string;
      negotiateVersion: number;
      availableTransports: unknown;
    };
    expect(negotiated).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text'] },
      ],
    });
    expect(negotiated.connectionToken).not.toBe(negotiated.connectionId);

    const wsBase = base.replace('http', 'ws');
    const id = encodeURIComponent(negotiated.connectionToken);
    expect(await upgradeStatus(`${wsBase}/dashboard?id=${id}&access_token=${encodeURIComponent(bad)}`)).toBe(401);
    expect(await upgradeStatus(`${wsBase}/dashboard?id=${id}`)).toBe(401);
    expect(await upgradeStatus(`${wsBase}/dashboard?access_token=${encodeURIComponent(bad)}`)).toBe(401);
    expect((await fetch(`${base}/dashboard?id=${id}`)).status).toBe(401);
    expect((await fetch(`${base}/dashboard?id=${id}&access_token=${encodeURIComponent(bad)}`)).status).toBe(401);
    // With the real token in the query, as browsers send it, the same connection upgrades.
    expect(await upgradeStatus(`${wsBase}/dashboard?id=${id}&access_token=${encodeURIComponent(t.tokens.accessToken)}`)).toBe(101);

    const refused = new HubConnectionBuilder()
      .withUrl(`${base}/dashboard`, { accessTokenFactory: () => bad })
      .configureLogging({ log: () => undefined })
      .build();
    await expect(refused.start()).rejects.toThrow(/401/);
  });

  it('closes a silent client after the server timeout with a Close message that allows reconnecting', async () => {
    const res = await fetch(`${base}/dashboard/negotiate?negotiateVersion=1`, { method: 'POST', headers: t.auth });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/dashboard?id=${encodeURIComponent(connectionToken)}`, { headers: t.auth });
    const frames: string[] = [];
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (data) => void frames.push(data.toString()));
    await new Promise((resolve) => ws.on('open', resolve));
    const started = Date.now();
    ws.send(`{"protocol":"json","version":1}${RS}`);
    expect(await closed).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST.serverTimeoutMs);
    const records = frames
      .join('')
      .split(RS)
      .filter(Boolean)
      .map((r) => JSON.parse(r));
    expect(records[0]).toEqual({});
    expect(records.slice(1, -1).every((r) => r.type === 6)).toBe(true);
    expect(records.at(-1)).toEqual({ type: 7, error: expect.stringMatching(/timeout/i), allowReconnect: true });
  });

  it('answers a bad handshake with an error and closes', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/dashboard`, { headers: t.auth });
    const frames: string[] = [];
    ws.on('message', (data) => void frames.push(data.toString()));
    const closed = new Promise((resolve) => ws.on('close', resolve));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(frames.join('')).toBe(`{"error":"Requested protocol 'messagepack' is not available."}${RS}`);
  });

  it('leaves GET /dashboard (no connection id) to the web app', async () => {
    const page = await fetch(`${base}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${base}/dashboard?id=nope`, { headers: t.auth })).status).toBe(404);
  });
});

describe('realtime hub across a server restart', () => {
  it('the client reconnects by itself to the restarted server (same data) and receives new orders', async () => {
    const first = await buildTestApp({}, { build: { hub: FAST } });
    let second: TestApp | undefined;
    const clients: Client[] = [];
    try {
      const base = await listen(first);
      const port = Number(new URL(base).port);
      const packageId = await createPackage(first);
      for (const { transport } of TRANSPORTS) clients.push(await connectClient(base, transport, () => first.tokens.accessToken));
      await first.stop();
      await waitFor(() => clients.every((c) => c.events.some((e) => e.startsWith('reconnecting'))), 'both clients reconnecting');
      expect(clients.every((c) => c.connection.state === HubConnectionState.Reconnecting)).toBe(true);

      second = await buildTestApp({}, { shareWith: first, build: { hub: FAST } });
      await listen(second, port);
      await waitFor(() => clients.every((c) => c.events.includes('reconnected')), 'both clients reconnected', 8000);
      expect(clients[0]!.events[0]).toMatch(/shutting down/);

      const order = await placeOrder(second, packageId);
      await waitFor(() => clients.every((c) => c.orders.length === 1 && c.notifications.length === 1), 'the order on the new server');
      for (const c of clients) expect(c.orders[0]!.id).toBe(order.id);
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
      await second?.close();
      await first.close();
    }
  });
});
