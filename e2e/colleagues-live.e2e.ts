// Two staff members work the orders queue at once, each in their own browser (docs/decisions/0063): what
// one does reaches the other's open list and status dialog live over the hub (ReceiveOrderChanged), without a reload —
// a completed order shows completed with who did it, a deleted one leaves, and a dialog opened on an order the
// other one just cancelled says so (in English and in Burmese) before the server's 409 could.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, newContext, openPage, placeDemoOrder, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite({ apiToken: true });

const COLLEAGUE = { email: 'colleague@e2e.local', password: 'colleague-e2e-password' };

/** The row's "Complete" button in each language, from the web app's own texts. */
const COMPLETE = Object.fromEntries(
  (['en', 'mm'] as const).map((l) => [
    l,
    (
      JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${l}/workbench.json`, import.meta.url), 'utf8')) as {
        row: { complete: string };
      }
    ).row.complete,
  ]),
) as Record<'en' | 'mm', string>;

const placeOrder = (inGameUserId: string, transactionNumber: string) => placeDemoOrder(suite.url, inGameUserId, transactionNumber);

/** Signs in through the form and opens the orders list; resolves once the hub is connected. */
async function staffSession(
  context: BrowserContext,
  who: { email: string; password: string },
  language: 'en' | 'mm' = 'en',
): Promise<Page> {
  // Signing in happens in English (the form's labels); the chosen language is set afterwards for the dashboard.
  const page = await openPage(context, 'en');
  await page.goto(`${suite.url}/login`);
  await submitSignIn(page, who.email, who.password);
  await page.waitForURL(`${suite.url}/dashboard`);
  await page.evaluate((l) => localStorage.setItem('app_language', l), language);
  await page.goto(`${suite.url}/dashboard/orders?q=live-`);
  await page.locator('[data-testid="connection-status"][data-state="connected"]').waitFor();
  // Anything that reloads the page would drop this mark.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return page;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function apiCall(method: string, path: string, token: string, body?: FormData): Promise<number> {
  return (await fetch(`${suite.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}` } })).status;
}

beforeAll(async () => {
  const res = await fetch(`${suite.url}/api/v1/auth/Register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...COLLEAGUE, role: 'staff' }),
  });
  expect(res.status, await res.text()).toBe(201);
});

describe("colleagues' changes, live", () => {
  it(
    "one staff member completes an order and deletes another; the other's open list shows both without a reload",
    { timeout: 120_000 },
    async () => {
      const done = await placeOrder('live-done', '910001');
      const gone = await placeOrder('live-gone', '910002');
      const [ctxA, ctxB] = await Promise.all([newContext(suite.browser, 'desktop'), newContext(suite.browser, 'desktop')]);
      try {
        const a = await staffSession(ctxA, E2E_ADMIN);
        const b = await staffSession(ctxB, COLLEAGUE);
        const rowOnB = b.getByRole('row', { name: /live-done/ });
        await rowOnB.getByText('PENDING').waitFor();
        await b.getByRole('row', { name: /live-gone/ }).waitFor();

        // A completes the order from the list, as staff do.
        await a
          .getByRole('row', { name: /live-done/ })
          .getByRole('button', { name: 'Complete' })
          .click();
        await a.getByRole('dialog').getByRole('button', { name: 'Complete the order' }).click();
        await a.getByText(`Order ${done.code} completed.`).waitFor();

        // B sees it completed, by A, and read state unchanged — no reload, no refetch of the page.
        await rowOnB.getByText('COMPLETED').waitFor({ timeout: 5000 });
        expect(await rowOnB.getByTestId('operator').textContent()).toBe(E2E_ADMIN.email);
        expect(await rowOnB.getByRole('button', { name: 'Complete' }).count()).toBe(0);
        expect(await notReloaded(b)).toBe(true);
        // A's own tab shows its change once: the echo of its own event changed nothing.
        expect(
          await a
            .getByRole('row', { name: /live-done/ })
            .getByText('COMPLETED')
            .count(),
        ).toBe(1);

        // A deletes the other order (through the API, as another client would): it leaves B's list.
        expect(await apiCall('DELETE', `/api/v1/Order/${gone.id}`, suite.token)).toBe(200);
        await b.getByRole('row', { name: /live-gone/ }).waitFor({ state: 'detached', timeout: 5000 });
        expect(await notReloaded(b)).toBe(true);
      } finally {
        await Promise.all([ctxA.close(), ctxB.close()]);
      }
    },
  );

  it(
    'a status dialog open on an order a colleague just cancelled says so, in Burmese too, and cannot be confirmed',
    { timeout: 120_000 },
    async () => {
      const en = await placeOrder('live-stale-en', '910011');
      const mm = await placeOrder('live-stale-mm', '910012');
      for (const [order, language] of [
        [en, 'en'],
        [mm, 'mm'],
      ] as const) {
        const context = await newContext(suite.browser, 'desktop');
        try {
          const b = await staffSession(context, COLLEAGUE, language);
          const row = b.locator(`[data-order-row]`, { hasText: order.code });
          await row.waitFor();
          await row.getByRole('button', { name: COMPLETE[language], exact: true }).click();
          const dialog = b.getByRole('dialog');
          await dialog.waitFor();

          const form = new FormData();
          form.set('orderStatus', 'CANCELLED');
          form.set('cancelReason', 'DUPLICATE');
          expect(await apiCall('PUT', `/api/v1/Order/${order.id}`, suite.token, form)).toBe(200);

          const stale = dialog.getByTestId('change-stale');
          await stale.waitFor({ timeout: 5000 });
          const text = (await stale.textContent()) ?? '';
          expect(text).toContain(E2E_ADMIN.email);
          if (language === 'en') expect(text).toContain('changed this order a moment ago: it is now CANCELLED.');
          else expect(text).toMatch(/ခုနကပင် ပြောင်းလဲလိုက်ပါသည်။ ယခု ပယ်ဖျက် ဖြစ်နေပါသည်။/);
          expect(await dialog.locator('button[type=submit]').isDisabled()).toBe(true);
          expect(await notReloaded(b)).toBe(true);
        } finally {
          await context.close();
        }
      }
    },
  );
});
