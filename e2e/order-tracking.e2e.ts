// Buyers follow their order in real Chromium against the built server: place an order on a 360 px phone
// in Burmese, land on its private page, watch an admin in another browser context complete it (the page changes
// without a reload), a second order cancelled with a reason shown in Burmese, "My orders" and "Find my order", a
// shared link that opens with the order already in the HTML, and axe on the new pages.
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { burmeseTextWithoutMyanmarFont, newContext, openPage, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite({ apiToken: true });

let gameId: string;

const visible = (l: Locator, timeout = 10_000) => l.first().waitFor({ state: 'visible', timeout });

beforeAll(async () => {
  const res = await fetch(`${suite.url}/api/v1/Game?pageSize=100`, { headers: { authorization: `Bearer ${suite.token}` } });
  const games = ((await res.json()) as { payLoad: { items: Array<{ id: string; title: string }> } }).payLoad.items;
  gameId = games.find((g) => g.title === 'PUBG Mobile')!.id;
});

async function axeSerious(page: Page): Promise<string[]> {
  // Judge the settled page: a toast still fading in or out has half-transparent text, which axe reads as low contrast.
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`);
}

/** Buys 60 UC through the game page like a buyer and answers the status page URL it lands on. */
async function buy(page: Page, transactionNumber: string): Promise<string> {
  await page.goto(`${suite.url}/game/${gameId}`);
  await page.getByLabel('အသုံးပြုသူ ID').fill('5123456789');
  await page.getByLabel('ဖုန်းနံပါတ်').fill('09791234567');
  await page.getByTestId('package').filter({ hasText: '60 UC' }).first().click();
  await page.getByRole('button', { name: 'ယခုဝယ်မည်' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="transactionNumber"]').fill(transactionNumber);
  const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#88aaff' } })
    .png()
    .toBuffer();
  await dialog.getByTestId('screenshot-input').setInputFiles({ name: 'pay.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => dialog.getByTestId('confirm-order').isEnabled(), { timeout: 15_000 }).toBe(true);
  await dialog.getByTestId('confirm-order').click();
  await page.waitForURL(/\/order\/[2-9A-Z]{8}\?t=[\w-]+$/);
  // The success toast comes from a lazily loaded chunk: wait until it is up, so axe can later wait for it to leave.
  await visible(page.locator('[data-sonner-toast]'), 15_000);
  return page.url();
}

async function orderIdOf(code: string): Promise<string> {
  const res = await fetch(`${suite.url}/api/v1/Order?searchTerm=${code}`, { headers: { authorization: `Bearer ${suite.token}` } });
  return ((await res.json()) as { payLoad: { items: Array<{ id: string }> } }).payLoad.items[0]!.id;
}

describe('order tracking', () => {
  it('the buyer lands on the order page and sees the admin complete it, live', async () => {
    const buyerContext = await newContext(suite.browser, 'phone');
    const buyer = await buyerContext.newPage();
    const statusUrl = await buy(buyer, '246810');
    // The old success toast, in Burmese with the Myanmar font; the code with copy and share.
    await visible(buyer.getByText('သင်၏ အော်ဒါကို လက်ခံရရှိပါပြီ။ ၃ မိနစ်အတွင်း ရောက်ရှိပါမည်။'));
    await visible(buyer.getByTestId('placed-banner'));
    const code = (await buyer.getByTestId('order-code').textContent())!;
    expect(statusUrl).toContain(`/order/${code}?t=`);
    await visible(buyer.getByTestId('countdown'));
    expect(await buyer.getByTestId('order-stage').getAttribute('data-stage')).toBe('PLACED');
    expect(await burmeseTextWithoutMyanmarFont(buyer)).toEqual([]);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeSerious(buyer)).toEqual([]);
    // Marks this document: a reload would lose it.
    await buyer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // An admin in another browser context completes the order in the dashboard.
    const adminContext = await newContext(suite.browser, 'desktop');
    const admin = await openPage(adminContext, 'en');
    await admin.goto(`${suite.url}/login`);
    await submitSignIn(admin);
    await admin.waitForURL(`${suite.url}/dashboard`);
    await admin.goto(`${suite.url}/dashboard/order-detail/${await orderIdOf(code)}`);
    await admin.getByLabel('Payment Status').selectOption('COMPLETED');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.waitForURL(`${suite.url}/dashboard/orders`);

    await expect.poll(() => buyer.getByTestId('order-stage').getAttribute('data-stage'), { timeout: 10_000 }).toBe('COMPLETED');
    expect(await buyer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await visible(buyer.getByText('ပြီးဆုံးပါပြီ'));

    // My orders (from the header) lists it; removing it empties the list.
    await buyer.getByTestId('my-orders-link').click();
    await buyer.waitForURL(`${suite.url}/my-orders`);
    await visible(buyer.getByTestId('my-orders').getByText(code));
    expect(await axeSerious(buyer)).toEqual([]);
    await buyer.getByRole('button', { name: new RegExp(code) }).click();
    await expect.poll(() => buyer.getByTestId('my-orders').locator('li').count()).toBe(0);
    await adminContext.close();
    await buyerContext.close();
  });

  it('a cancelled order shows the reason in Burmese, and Find my order brings the page back', async () => {
    const context = await newContext(suite.browser, 'phone');
    const page = await context.newPage();
    const statusUrl = await buy(page, '135790');
    const code = (await page.getByTestId('order-code').textContent())!;
    await visible(page.getByTestId('countdown'));

    const form = new FormData();
    form.set('orderStatus', 'CANCELLED');
    form.set('cancelReason', 'SCREENSHOT_UNREADABLE');
    const res = await fetch(`${suite.url}/api/v1/Order/${await orderIdOf(code)}`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${suite.token}` },
    });
    expect(res.status).toBe(200);

    await expect.poll(() => page.getByTestId('order-stage').getAttribute('data-stage'), { timeout: 10_000 }).toBe('CANCELLED');
    await visible(page.getByTestId('cancel-reason').getByText('ငွေပေးချေမှု စခရင်ရှော့ ကို ဖတ်၍ မရပါ။'));
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);
    expect(await axeSerious(page)).toEqual([]);

    // Another phone, no link: find it by phone and transaction number.
    const other = await (await newContext(suite.browser, 'phone')).newPage();
    await other.goto(`${suite.url}/find-order`);
    await other.getByLabel('ဖုန်းနံပါတ်').fill('09791234567');
    await other.getByLabel(/ငွေလွှဲနံပါတ်/).fill('135790');
    expect(await axeSerious(other)).toEqual([]);
    await other.getByRole('button', { name: 'ရှာရန်' }).click();
    await other.getByRole('link', { name: new RegExp(code) }).click();
    await other.waitForURL(/\/order\//);
    await visible(other.getByTestId('cancel-reason'));
    expect(other.url()).not.toBe(statusUrl);

    // A wrong token is "not found", like an unknown code.
    await other.goto(statusUrl.replace(/t=.*/, 't=wrong'));
    await visible(other.getByTestId('order-not-found'));
    await context.close();
  });

  it('a shared link opens with the order in the HTML (no API read before it shows), private headers, then live', async () => {
    const placing = await newContext(suite.browser, 'phone');
    const statusUrl = await buy(await placing.newPage(), '975310');
    await placing.close();
    const code = /\/order\/([2-9A-Z]{8})\?/.exec(statusUrl)![1]!;

    // Another browser, as if the buyer opened the link on their other phone.
    const context = await newContext(suite.browser, 'phone');
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/OrderTracking/')) calls.push(new URL(r.url()).pathname);
    });
    const response = await page.goto(statusUrl);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toBe('no-store');
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(await response!.text()).toContain(`"trackedCode":"${code}"`);
    await visible(page.getByTestId('order-stage'));
    expect(await page.getByTestId('order-stage').getAttribute('data-stage')).toBe('PLACED');
    // The first screen came with the HTML; the page opens only its stream.
    await expect.poll(() => calls).toContain(`/api/v1/OrderTracking/${code}/events`);
    expect(calls).not.toContain(`/api/v1/OrderTracking/${code}`);

    const form = new FormData();
    form.set('orderStatus', 'COMPLETED');
    const res = await fetch(`${suite.url}/api/v1/Order/${await orderIdOf(code)}`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${suite.token}` },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => page.getByTestId('order-stage').getAttribute('data-stage'), { timeout: 10_000 }).toBe('COMPLETED');

    // A wrong token: the 404 page straight from the HTML, with nothing of the order in it.
    calls.length = 0;
    const wrong = await page.goto(statusUrl.replace(/t=.*/, 't=wrong'));
    expect(wrong!.status()).toBe(404);
    const html = await wrong!.text();
    expect(html).not.toContain('PUBG');
    expect(html).not.toContain('60 UC');
    await visible(page.getByTestId('order-not-found'));
    expect(calls).toEqual([]);
    await context.close();
  });
});
