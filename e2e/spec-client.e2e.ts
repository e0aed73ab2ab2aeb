// The guard that the API stays drop-in for clients built to the spec alone: e2e/spec-client (its own fetch wrapper
// with the retry rule, its own token storage, the hub opened with credentials only) is served from another origin
// than the API, listed in CORS_ORIGINS. In real Chromium a buyer loads the game page (the order list answers empty,
// no logout) and places an order; staff signed in through the spec's calls receive it live over WebSockets and long
// polling, then mark it read (PUT) and delete it (DELETE) cross-origin.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, newContext } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const HERE = new URL('.', import.meta.url).pathname;
const FILES: Record<string, [string, string]> = {
  '/': [path.join(HERE, 'spec-client/index.html'), 'text/html; charset=utf-8'],
  '/login': [path.join(HERE, 'spec-client/index.html'), 'text/html; charset=utf-8'],
  '/client.js': [path.join(HERE, 'spec-client/client.js'), 'text/javascript; charset=utf-8'],
  '/signalr.min.js': [path.join(HERE, '../node_modules/@microsoft/signalr/dist/browser/signalr.min.js'), 'text/javascript; charset=utf-8'],
};

let clientServer: Server;
let clientOrigin: string;

beforeAll(async () => {
  clientServer = createServer((req, res) => {
    const file = FILES[(req.url ?? '/').split('?')[0]!];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => clientServer.listen(0, '127.0.0.1', resolve));
  // Same host, other port: another origin (CORS applies), the same site (the Lax cookie is sent), as a shop's
  // separately hosted front end on a sibling subdomain would be.
  clientOrigin = `http://127.0.0.1:${(clientServer.address() as AddressInfo).port}`;
});

// Registered after the client's server starts: the API server's CORS origin is that server's.
const suite = browserSuite({ env: () => ({ CORS_ORIGINS: clientOrigin }) });

afterAll(async () => {
  await new Promise((r) => clientServer?.close(r));
});

async function openClient(): Promise<Page> {
  const context = await newContext(suite.browser, 'desktop');
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${clientOrigin}/?api=${encodeURIComponent(suite.url)}`);
  await page.getByText('ready').waitFor();
  return page;
}

type Game = { id: string; serverType: string; logo: string; tokenPackageDto: Array<{ id: string; price: number }> };

describe('a client built from the spec alone, on another origin', () => {
  it('lets a buyer order and staff receive it live, over WebSockets and long polling, then read and delete it', async () => {
    const screenshot = [
      ...(await sharp({ create: { width: 120, height: 120, channels: 3, background: '#22aa66' } })
        .png()
        .toBuffer()),
    ];
    const buyer = await openClient();
    const games = await buyer.evaluate(() => window.specClient.call('GET', 'api/v1/Game?currentPage=1&pageSize=12'));
    const gameId = (games.json as { payLoad: { items: Game[] } }).payLoad.items.find((g) => g.serverType === 'NONE')!.id;

    // The spec's game page loads the order list with no token: an empty page, and the buyer stays on the page.
    const page = await buyer.evaluate((id) => window.specClient.openGamePage(id), gameId);
    expect(page.ordersStatus).toBe(200);
    expect(page.orders).toMatchObject({ items: [], paging: { totalCount: 0 } });
    expect(await buyer.evaluate(() => [location.pathname, window.sessionExpired ?? false])).toEqual(['/', false]);

    // Its images load on this origin.
    const logo = (page.game as Game).logo;
    const width = await buyer.evaluate(
      async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return img.naturalWidth;
      },
      logo.startsWith('http') ? logo : `${suite.url}${logo}`,
    );
    expect(width).toBeGreaterThan(0);

    const staffWs = await openClient();
    const staffLp = await openClient();
    for (const staff of [staffWs, staffLp]) {
      expect(await staff.evaluate(({ email, password }) => window.specClient.login(email, password), E2E_ADMIN)).toBe(200);
    }
    expect(await staffWs.evaluate(() => window.specClient.connectHub('WebSockets'))).toEqual(expect.any(String));
    expect(await staffLp.evaluate(() => window.specClient.connectHub('LongPolling'))).toEqual(expect.any(String));

    const pkg = (page.game as Game).tokenPackageDto[0]!;
    const fields = {
      inGameUserId: 'spec-client-1',
      serverInfo: '',
      mobileNumber: '09123456789',
      tokenPackageId: pkg.id,
      quantity: '1',
      subTotal: String(pkg.price),
      transactionNumber: '135790',
      screenShot: '',
    };
    const placed = await buyer.evaluate(([f, bytes]) => window.specClient.placeOrder(f, bytes), [fields, screenshot] as const);
    expect(placed).toMatchObject({ status: 201, statusCode: 201 });

    for (const staff of [staffWs, staffLp]) {
      await staff.waitForFunction((id) => window.specClient.received.filter((r) => r.id === id || r.orderId === id).length >= 2, placed.id);
    }

    // A stale access token: the retry rule refreshes and repeats (the bad token got 401, not an empty page).
    await staffWs.evaluate(() => localStorage.setItem('authToken', 'stale-token'));
    const list = await staffWs.evaluate(() => window.specClient.call('GET', '/api/v1/Order?searchTerm=&currentPage=1&pageSize=10'));
    expect(list.status).toBe(200);
    expect((list.json as { payLoad: { items: Array<{ id: string }> } }).payLoad.items.map((o) => o.id)).toContain(placed.id);

    // Cross-origin PUT and DELETE: the preflight lets them through.
    const read = await staffWs.evaluate((id) => window.specClient.call('PUT', `/api/v1/Order/isRead/${id}`), placed.id);
    expect(read.status).toBe(200);
    expect((read.json as { payLoad: { isRead: boolean } }).payLoad.isRead).toBe(true);
    const removed = await staffWs.evaluate((id) => window.specClient.call('DELETE', `/api/v1/Order/${id}`), placed.id);
    expect(removed.status).toBe(200);

    // Sign-out clears the hub cookie: a new hub connection is refused.
    await staffLp.evaluate(() => window.specClient.disconnectHub());
    expect(await staffLp.evaluate(() => window.specClient.logout())).toBe(200);
    const after = await staffLp.evaluate(() =>
      window.specClient.connectHub('LongPolling').then(
        () => 'connected',
        (e: Error) => e.message,
      ),
    );
    expect(after).not.toBe('connected');
    await staffWs.evaluate(() => window.specClient.disconnectHub());
  });
});

type Answer = { status: number; json: unknown };
declare global {
  interface Window {
    sessionExpired?: boolean;
    specClient: {
      received: Array<{ kind: string; id?: string; orderId?: string }>;
      call(method: string, path: string, body?: unknown): Promise<Answer>;
      login(email: string, password: string): Promise<number>;
      openGamePage(gameId: string): Promise<{ game: unknown; ordersStatus: number; orders: unknown }>;
      placeOrder(
        fields: Record<string, string>,
        screenshot: readonly number[],
      ): Promise<{ status: number; statusCode?: number; id: string }>;
      connectHub(transport: 'WebSockets' | 'LongPolling'): Promise<string>;
      disconnectHub(): Promise<void>;
      logout(): Promise<number>;
    };
  }
}
