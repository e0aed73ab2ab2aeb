// The staff workbench in real Chromium against the built server: every dashboard page at 360 px without
// sideways scrolling and the orders list as cards, filters kept in the URL through a reload (and the CSV export of
// that view), a bulk cancel with a reason, a status change refused because someone else changed the order first,
// the keyboard, and axe (no serious or critical finding) with the bell menu, account menu and shortcuts help open.
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { burmeseTextWithoutMyanmarFont, E2E_ADMIN, newContext, openPage, placeDemoOrder, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite({ apiToken: true });

const DASHBOARD_PAGES = ['', '/orders', '/users', '/games', '/packages', '/configsetting', '/settings', '/change-password', '/two-factor'];

const placeOrder = (inGameUserId: string, transactionNumber: string) =>
  placeDemoOrder(suite.url, inGameUserId, transactionNumber, '#ffcc00');

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await openPage(context, 'en');
  await page.goto(`${suite.url}/login`);
  await submitSignIn(page);
  await page.waitForURL(`${suite.url}/dashboard`);
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
  for (let i = 0; i < 3; i++) await placeOrder(`wb-player-${i}`, String(700_000 + i));
});

describe('staff workbench', () => {
  it(
    'fits every dashboard page into 360 px in both languages; the orders list is cards with thumb-sized actions',
    { timeout: 180_000 },
    async () => {
      const context = await newContext(suite.browser, 'phone');
      try {
        const page = await signIn(context);
        for (const language of ['en', 'mm']) {
          await page.evaluate((lang) => localStorage.setItem('app_language', lang), language);
          const overflow: Record<string, number> = {};
          for (const path of DASHBOARD_PAGES) {
            await page.goto(`${suite.url}/dashboard${path}`);
            await page.locator('main h1').first().waitFor();
            await page.waitForLoadState('networkidle');
            overflow[`${language} ${path || '/'}`] = await sidewaysOverflow(page);
          }
          expect(overflow).toEqual(Object.fromEntries(DASHBOARD_PAGES.map((p) => [`${language} ${p || '/'}`, 0])));
        }
        // The workbench's Burmese (cards, filters, clocks) is set in the Myanmar font like the rest.
        await page.goto(`${suite.url}/dashboard/orders`);
        await page.getByRole('list', { name: 'အော်ဒါများ' }).waitFor();
        expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);
        await page.evaluate(() => localStorage.setItem('app_language', 'en'));

        await page.goto(`${suite.url}/dashboard/orders`);
        const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
        await cards.first().waitFor();
        expect(await page.getByRole('table').count()).toBe(0);
        const card = cards.filter({ hasText: 'wb-player-0' }).or(cards.first()).first();
        for (const name of ['Open', 'Complete', 'Cancel']) {
          const box = (await card.getByRole('button', { name, exact: true }).boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.x + box.width).toBeLessThanOrEqual(360);
        }
        expect(await card.locator('[data-sla]').count()).toBe(1);

        // The order detail stacks: nothing beside the fields, nothing sideways.
        await card.getByRole('button', { name: 'Open', exact: true }).click();
        await page.getByRole('heading', { name: 'Order Detail' }).waitFor();
        await page.getByTestId('timeline').waitFor();
        expect(await sidewaysOverflow(page)).toBe(0);
        const fields = (await page.locator('dl').first().boundingBox())!;
        const timeline = (await page.getByTestId('timeline').boundingBox())!;
        expect(timeline.y).toBeGreaterThan(fields.y + fields.height);
      } finally {
        await context.close();
      }
    },
  );

  it('has no serious axe finding with the bell menu, the account menu and the shortcuts help open', { timeout: 120_000 }, async () => {
    const context = await newContext(suite.browser, 'desktop');
    try {
      const page = await signIn(context);
      await page.goto(`${suite.url}/dashboard/orders`);
      await page.getByRole('row', { name: /wb-player-0/ }).waitFor();

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menu').waitFor();
      expect(await axeSerious(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.email}` }).click();
      await page.getByRole('menu').waitFor();
      expect(await axeSerious(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      // The help opens on `?`, keeps focus inside, closes on Escape.
      await page.getByRole('heading', { name: 'Orders' }).click();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      expect(await help.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await axeSerious(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      // And the list page itself, with its filters, clocks and selection boxes.
      expect(await axeSerious(page)).toEqual([]);

      // j moves onto the first row; x asks for the reason before anything is cancelled.
      await page.keyboard.press('j');
      expect(await page.locator('[data-cursor]').getAttribute('data-order-row')).toBe('0');
      await page.keyboard.press('x');
      const cancel = page.getByRole('dialog', { name: 'Cancel the order' });
      await cancel.waitFor();
      expect(await cancel.getByLabel(/Reason/).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await cancel.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  it(
    'keeps filters in the URL: a filtered view survives a reload and opens the same from a shared link',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(suite.browser, 'desktop');
      try {
        const page = await signIn(context);
        await page.goto(`${suite.url}/dashboard/orders`);
        await page.getByRole('row', { name: /wb-player-1/ }).waitFor();
        await page.getByLabel('Status').selectOption('PENDING');
        await page.getByLabel('Read state').selectOption('false');
        await page.getByRole('searchbox', { name: 'Search orders' }).fill('wb-player-1');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL(/q=wb-player-1/);
        const url = new URL(page.url());
        expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'wb-player-1', status: 'PENDING', isRead: 'false' });
        await expect.poll(() => page.getByRole('row').count()).toBe(2);

        await page.reload();
        await page.getByRole('row', { name: /wb-player-1/ }).waitFor();
        expect(await page.getByRole('row').count()).toBe(2);
        expect(await page.getByLabel('Status').inputValue()).toBe('PENDING');
        expect(await page.getByLabel('Read state').inputValue()).toBe('false');
        expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe('wb-player-1');

        // The export takes the same filter: one order, as UTF-8 with a BOM so Excel reads Burmese.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
        expect(download.suggestedFilename()).toMatch(/\.csv$/);
        const csv = readFileSync((await download.path())!);
        expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain('wb-player-1');

        // A colleague opening the same link sees the same view; a filter nothing matches shows the empty list.
        const other = await context.newPage();
        await other.goto(`${suite.url}/dashboard/orders${url.search}`);
        await other.getByRole('row', { name: /wb-player-1/ }).waitFor();
        await other.getByLabel('Status').selectOption('CANCELLED');
        await other.getByText('No Orders Yet').waitFor();
        expect(new URL(other.url()).searchParams.get('status')).toBe('CANCELLED');
        await other.close();
      } finally {
        await context.close();
      }
    },
  );

  it('cancels two orders at once with a reason; each gets its own timeline entry', { timeout: 120_000 }, async () => {
    const a = await placeOrder('wb-bulk-a', '810001');
    const b = await placeOrder('wb-bulk-b', '810002');
    const context = await newContext(suite.browser, 'desktop');
    try {
      const page = await signIn(context);
      await page.goto(`${suite.url}/dashboard/orders?q=wb-bulk`);
      for (const code of [a.code, b.code]) await page.getByRole('checkbox', { name: `Select order ${code}` }).check();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await bar.getByText('2 orders selected').waitFor();
      await bar.getByRole('button', { name: 'Cancel', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel 2 orders' });
      await dialog.getByLabel(/Reason/).selectOption('PAYMENT_NOT_RECEIVED');
      await dialog.getByRole('button', { name: 'Cancel 2 orders' }).click();
      await page.getByTestId('bulk-result').getByText('2 orders cancelled.').waitFor();
      for (const player of ['wb-bulk-a', 'wb-bulk-b'])
        await page
          .getByRole('row', { name: new RegExp(player) })
          .getByText('CANCELLED')
          .waitFor();

      for (const order of [a, b]) {
        const res = await fetch(`${suite.url}/api/v1/Order/${order.id}/Timeline`, { headers: { authorization: `Bearer ${suite.token}` } });
        const events = ((await res.json()) as { payLoad: { type: string; data: { to?: string; reason?: string; bulk?: boolean } }[] })
          .payLoad;
        expect(events.filter((e) => e.type === 'STATUS_CHANGED')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ to: 'CANCELLED', reason: 'PAYMENT_NOT_RECEIVED', bulk: true }) }),
        ]);
      }
      await page.goto(`${suite.url}/dashboard/order-detail/${a.id}`);
      await page.getByTestId('timeline').getByText('Reason: Payment not received').waitFor();
    } finally {
      await context.close();
    }
  });

  it(
    'refuses a status change on an order someone else changed a moment ago, says so, and shows the order as it is now',
    { timeout: 120_000 },
    async () => {
      const order = await placeOrder('wb-conflict', '820001');
      const context = await newContext(suite.browser, 'desktop');
      try {
        const page = await signIn(context);
        await page.goto(`${suite.url}/dashboard/order-detail/${order.id}`);
        await page.getByTestId('timeline').waitFor();
        // A colleague completes it just as this change is sent: a change made earlier would reach the page live first
        // (colleagues-live.e2e.ts), so the race the server refuses is the one between sending and arriving.
        await page.route(`**/api/v1/Order/${order.id}`, async (route) => {
          if (route.request().method() === 'PUT') {
            const form = new FormData();
            form.set('orderStatus', 'COMPLETED');
            form.set('statusNote', 'done by a colleague');
            expect(
              (
                await fetch(`${suite.url}/api/v1/Order/${order.id}`, {
                  method: 'PUT',
                  body: form,
                  headers: { authorization: `Bearer ${suite.token}` },
                })
              ).status,
            ).toBe(200);
          }
          await route.continue();
        });

        await page.getByLabel('Payment Status').selectOption('CANCELLED');
        await page.getByLabel(/^Reason/).selectOption('DUPLICATE');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        const conflict = page.getByTestId('order-conflict');
        await conflict.waitFor();
        expect(await conflict.textContent()).toContain('The order now shows that change.');
        await expect.poll(() => page.getByLabel('Payment Status').inputValue()).toBe('COMPLETED');
        await page.getByTestId('timeline').getByText('Note: done by a colleague').waitFor();
        expect(page.url()).toContain(`/dashboard/order-detail/${order.id}`);
      } finally {
        await context.close();
      }
    },
  );
});
