// Live orders in real Chromium against the built server: an admin on /dashboard/orders sees a buyer's order (placed
// through POST /api/v1/Order) appear on top of the list with the count and the bell rising, without a reload — over
// WebSockets (the client's first choice) and over long polling (pinned with the dashboard_hub_transport flag).
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, openPage, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

/** A buyer's order for the first demo package, placed the way the storefront does: multipart with a screenshot. */
async function placeOrder(inGameUserId: string): Promise<void> {
  const url = suite.url;
  const games = (await (await fetch(`${url}/api/v1/Game?pageSize=12`)).json()) as {
    payLoad: { items: { id: string; serverType: string }[] };
  };
  const game = games.payLoad.items.find((g) => g.serverType === 'NONE') ?? games.payLoad.items[0]!;
  const detail = (await (await fetch(`${url}/api/v1/game/${game.id}`)).json()) as {
    payLoad: { serverType: string; tokenPackageDto: { id: string; price: number }[] };
  };
  const pkg = detail.payLoad.tokenPackageDto[0]!;
  const serverInfo = detail.payLoad.serverType === 'ZONEID' ? '4321' : detail.payLoad.serverType === 'SERVER' ? 'Asia' : '';
  const shot = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    inGameUserId,
    serverInfo,
    mobileNumber: '09123456789',
    tokenPackageId: pkg.id,
    quantity: '1',
    subTotal: String(pkg.price),
    transactionNumber: '246810',
    screenShot: '',
  }))
    form.set(k, v);
  form.set('file_ScreenShot', new Blob([new Uint8Array(shot)], { type: 'image/png' }), 'shot.png');
  const res = await fetch(`${url}/api/v1/Order`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function signedInOnOrders(
  transport?: 'LongPolling',
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[]; sockets: string[]; polls: string[] }> {
  const context = await newContext(suite.browser, 'desktop');
  await context.addInitScript((pinned) => {
    localStorage.setItem('app_language', 'en');
    if (pinned) localStorage.setItem('dashboard_hub_transport', pinned);
  }, transport ?? '');
  const page = await openPage(context);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  // Which transport the hub client used: WebSocket URLs, and long-poll GETs (/dashboard?id=…).
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/dashboard\?id=/.test(r.url())) polls.push(r.url());
  });
  await page.goto(`${suite.url}/login`);
  await submitSignIn(page);
  await page.waitForURL(`${suite.url}/dashboard`);
  await page.getByRole('link', { name: 'Order List' }).click();
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
  expect(await page.getByTestId('connection-status').textContent()).toBe('Connected');
  return { context, page, consoleErrors, sockets, polls };
}

async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('bell-count');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

/** The list's total from the pager, or 0 while the list shows 'No Orders Yet'. */
async function itemCount(page: Page): Promise<number> {
  const pager = page.getByText(/^Page \d+ of \d+ — \d+ items$/);
  await pager.or(page.getByText('No Orders Yet')).first().waitFor();
  if (!(await pager.count())) return 0;
  return Number(/— (\d+) items$/.exec((await pager.textContent()) ?? '')?.[1]);
}

/** Places an order and waits for it on top of the list, with the count and the bell one higher, on the same page. */
async function seesOrderArrive(page: Page, buyer: string, { firstOnPage = true } = {}) {
  const itemsBefore = await itemCount(page);
  const bellBefore = await bellCount(page);
  // Anything that reloads the page would drop this marker.
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
  // The chime is fetched with the first notification on a page; later ones replay the loaded sound.
  const sound = firstOnPage ? page.waitForResponse((r) => r.url().endsWith('/sounds/notification.wav')) : null;

  await placeOrder(buyer);

  const firstRow = page.locator('tbody tr').first();
  await firstRow.getByText(buyer).waitFor();
  expect(await firstRow.getAttribute('data-read')).toBe('false');
  await page.getByText(new RegExp(`— ${itemsBefore + 1} items$`)).waitFor();
  await page
    .getByTestId('bell-count')
    .filter({ hasText: String(bellBefore + 1) })
    .waitFor();
  expect(await page.getByTestId('bell-icon').getAttribute('class')).toContain('animate-bounce');
  expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
  // The chime shipped with the app was fetched (whether the browser let it play is its own business).
  if (sound) {
    const res = await sound;
    expect(res.status()).toBeLessThan(400);
    expect(res.headers()['content-type']).toMatch(/audio\/(wav|x-wav|wave)/);
  }

  // The bell lists it; opening it leads to the order.
  await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
  await page
    .getByRole('menu')
    .getByText(/New order/)
    .first()
    .waitFor();
  await page.keyboard.press('Escape');
}

describe('dashboard realtime', () => {
  it('shows a buyer’s order live over WebSockets', async () => {
    const { context, page, consoleErrors, sockets, polls } = await signedInOnOrders();
    try {
      await seesOrderArrive(page, 'live-ws-buyer-1');
      await seesOrderArrive(page, 'live-ws-buyer-2', { firstOnPage: false });
      expect(sockets.some((u) => /\/dashboard\?id=.*access_token=/.test(u))).toBe(true);
      expect(polls).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a buyer’s order live over long polling', async () => {
    const { context, page, consoleErrors, sockets, polls } = await signedInOnOrders('LongPolling');
    try {
      await seesOrderArrive(page, 'live-lp-buyer');
      expect(polls.length).toBeGreaterThan(0);
      expect(sockets).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
