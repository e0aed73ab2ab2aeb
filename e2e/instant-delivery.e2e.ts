// A voucher delivered in seconds, in real Chromium against the built server: the owner makes a PUBG UC voucher
// package a code product that completes by itself once a wallet notice confirms the payment, and pastes its codes;
// a buyer on a phone buys it in Burmese and lands on the order's private page; the shop's payment phone posts its
// signed wallet message (the webhook, as SMS Gateway for Android signs it); the buyer's page shows the code with its
// copy button and how to redeem, without a reload, and "Find my order" shows it again on another phone; the owner
// sees the stock move and the timeline say "the shop (automatic)".
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, openPage, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite({ apiToken: true });
let gameId: string;
let packageId: string;

const PACKAGE_TITLE = 'PUBG UC voucher 325';
const PRICE = 4500;
const CODES = ['UC325-AAAA-1111', 'UC325-BBBB-2222', 'UC325-CCCC-3333'];
const visible = (l: Locator, timeout = 15_000) => l.first().waitFor({ state: 'visible', timeout });

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${suite.url}${path}`, { ...init, headers: { authorization: `Bearer ${suite.token}`, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { payLoad: T }).payLoad;
}

const png = (colour: string) =>
  sharp({ create: { width: 120, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

beforeAll(async () => {
  const games = await api<{ items: Array<{ id: string; title: string }> }>('/api/v1/Game?pageSize=100');
  gameId = games.items.find((g) => g.title === 'PUBG Mobile')!.id;
  // A new package of the demo game (the newest, so the first row of the packages list).
  const form = new FormData();
  for (const [k, v] of Object.entries({
    tokenTitle: PACKAGE_TITLE,
    unit: '325',
    price: String(PRICE),
    currency: 'MMK',
    gameId,
    paymentMethod: 'NORMAL',
    canAddQuantity: 'False',
    packageImage: '',
  }))
    form.set(k, v);
  form.set('file_PackageImage', new Blob([new Uint8Array(await png('#f5a623'))], { type: 'image/png' }), 'uc.png');
  packageId = (await api<{ id: string }>('/api/v1/TokenPackage', { method: 'POST', body: form })).id;
});

/** The shop's receiving phone for its KBZPay account: the webhook URL and key, shown once at registration. */
async function registerPaymentPhone(): Promise<{ path: string; signingKey: string }> {
  const accounts = await api<{ items: Array<{ id: string; paymentName: string }> }>('/api/v1/ConfigSetting?pageSize=10');
  const kbz = accounts.items.find((a) => a.paymentName === 'KBZPay')!;
  const phone = await api<{ webhookUrl: string; signingKey: string }>('/api/v1/PaymentPhone', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Counter phone', paymentAccountIds: [kbz.id] }),
  });
  return { path: new URL(phone.webhookUrl).pathname, signingKey: phone.signingKey };
}

/** Posts a wallet SMS exactly as SMS Gateway for Android does: X-Signature = hex HMAC-SHA256(key, body + X-Timestamp). */
async function deliverNotice(phone: { path: string; signingKey: string }, message: string): Promise<number> {
  const raw = JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000018e937c815b',
    event: 'sms:received',
    id: `e2e-${Date.now()}`,
    webhookId: 'e2e-webhook',
    payload: { messageId: 'm1', message, phoneNumber: 'KBZPay', simNumber: 1, receivedAt: new Date().toISOString() },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', phone.signingKey)
    .update(raw + timestamp)
    .digest('hex');
  const res = await fetch(`${suite.url}${phone.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    body: raw,
  });
  return res.status;
}

/** Buys the voucher on the game page like a buyer (Burmese, the default) and answers the status page it lands on. */
async function buyVoucher(page: Page, transactionNumber: string): Promise<string> {
  await page.goto(`${suite.url}/game/${gameId}`);
  await page.getByLabel('အသုံးပြုသူ ID').fill('5123456789');
  await page.getByLabel('ဖုန်းနံပါတ်').fill('09791234567');
  await page.getByTestId('package').filter({ hasText: PACKAGE_TITLE }).click();
  await page.getByRole('button', { name: 'ယခုဝယ်မည်' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="transactionNumber"]').fill(transactionNumber);
  await dialog.getByTestId('screenshot-input').setInputFiles({ name: 'pay.png', mimeType: 'image/png', buffer: await png('#88aaff') });
  await expect.poll(() => dialog.getByTestId('confirm-order').isEnabled(), { timeout: 15_000 }).toBe(true);
  await dialog.getByTestId('confirm-order').click();
  await page.waitForURL(/\/order\/[2-9A-Z]{8}\?t=[\w-]+$/);
  return page.url();
}

describe('instant delivery of a code', () => {
  it(
    'owner sets up a voucher, a buyer pays, the wallet notice arrives and the code shows without a reload',
    { timeout: 180_000 },
    async () => {
      // The owner: packages list → the voucher's "Delivery and codes" → code product, automatic, redeem texts, codes.
      const ownerContext = await newContext(suite.browser, 'desktop');
      const owner = await openPage(ownerContext, 'en');
      await owner.goto(`${suite.url}/login`);
      await submitSignIn(owner);
      await owner.waitForURL(`${suite.url}/dashboard`);
      await owner.goto(`${suite.url}/dashboard/packages`);
      await owner
        .getByRole('row', { name: new RegExp(PACKAGE_TITLE) })
        .getByRole('link', { name: 'Delivery and codes' })
        .click();
      await owner.waitForURL(`${suite.url}/dashboard/code-stock/${packageId}`);
      const form = owner.getByTestId('delivery-form');
      await form.getByLabel(/Sold as codes/).check();
      await form.getByLabel('Complete automatically when payment is confirmed by a wallet notice').check();
      await form.getByLabel('How to redeem (Burmese)').fill('PUBG Mobile ရှိ Redeem စာမျက်နှာတွင် ကုဒ်ကို ထည့်ပါ။');
      await form.getByLabel('How to redeem (English)').fill('Open the PUBG Mobile redeem page and enter the code.');
      await form.getByLabel('Warn when available codes fall below').fill('3');
      await form.getByRole('button', { name: 'Save' }).click();
      await visible(form.getByText('Saved.'));
      // A code product without codes can't be bought: the storefront says so (Burmese by default).
      const early = await (await newContext(suite.browser, 'phone')).newPage();
      await early.goto(`${suite.url}/game/${gameId}`);
      const soldOut = early.getByTestId('package').filter({ hasText: PACKAGE_TITLE });
      await visible(soldOut.getByText('ပစ္စည်း ပြတ်နေပါသည်'));
      expect(await soldOut.isDisabled()).toBe(true);
      await early.context().close();

      await owner.getByLabel('Paste codes').fill(CODES.join('\n'));
      await owner.getByRole('button', { name: 'Add 3 codes' }).click();
      await visible(owner.getByTestId('import-result').getByText('3 codes added.'));
      await expect.poll(() => owner.getByTestId('count-available').textContent()).toBe('3');
      // No code is on the owner's page until one is revealed.
      for (const code of CODES) expect(await owner.content()).not.toContain(code);

      const phone = await registerPaymentPhone();

      // The buyer, on a phone, in Burmese: the voucher is on sale (codes in stock), bought, and its page waits.
      const buyerContext = await newContext(suite.browser, 'phone');
      const buyer = await buyerContext.newPage();
      buyer.setDefaultTimeout(15_000);
      const statusUrl = await buyVoucher(buyer, '482913');
      const code = /\/order\/([2-9A-Z]{8})\?/.exec(statusUrl)![1]!;
      await visible(buyer.getByTestId('countdown'));
      expect(await buyer.getByTestId('order-stage').getAttribute('data-stage')).toBe('PLACED');
      expect(await buyer.getByTestId('delivered-codes').count()).toBe(0);
      // Marks this document: a reload would lose it.
      await buyer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // The shop's payment phone forwards the wallet's message: the money for this order arrived.
      expect(
        await deliverNotice(
          phone,
          `You have received ${PRICE.toLocaleString('en-US')} Ks from U Aung (09xxxxx1234). Trans ID: 0100345678482913. Balance 90,000 Ks`,
        ),
      ).toBe(200);

      // The code arrives on the buyer's page, live: "delivered", the code with a copy button, how to redeem.
      await visible(buyer.getByTestId('delivered-codes'), 20_000);
      expect(await buyer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await buyer.getByTestId('order-stage').getAttribute('data-stage')).toBe('COMPLETED');
      const shown = (await buyer.getByTestId('delivered-code-text').textContent())!;
      expect(CODES).toContain(shown);
      await visible(buyer.getByTestId('delivered-codes').getByText('ပေးပို့ပြီးပါပြီ'));
      await visible(buyer.getByRole('button', { name: 'ကုဒ်ကို ကူးယူရန်' }));
      expect(await buyer.getByTestId('redeem-instructions').textContent()).toBe('PUBG Mobile ရှိ Redeem စာမျက်နှာတွင် ကုဒ်ကို ထည့်ပါ။');
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Another phone without the link: "Find my order" (phone and transaction number) opens the page with the code.
      const other = await (await newContext(suite.browser, 'phone')).newPage();
      await other.goto(`${suite.url}/find-order`);
      await other.getByLabel('ဖုန်းနံပါတ်').fill('09791234567');
      await other.getByLabel(/ငွေလွှဲနံပါတ်/).fill('482913');
      await other.getByRole('button', { name: 'ရှာရန်' }).click();
      await other.getByRole('link', { name: new RegExp(code) }).click();
      await other.waitForURL(/\/order\//);
      await visible(other.getByTestId('delivered-codes'));
      expect(await other.getByTestId('delivered-code-text').textContent()).toBe(shown);
      await other.context().close();

      // The owner's stock moved by one; the order's timeline names the shop (automatic).
      await owner.reload();
      await expect.poll(() => owner.getByTestId('count-delivered').textContent(), { timeout: 10_000 }).toBe('1');
      expect(await owner.getByTestId('count-available').textContent()).toBe('2');
      await visible(owner.getByTestId('low-stock'));
      const orders = await api<{ items: Array<{ id: string }> }>(`/api/v1/Order?searchTerm=${code}`);
      await owner.goto(`${suite.url}/dashboard/order-detail/${orders.items[0]!.id}`);
      const completed = owner.getByTestId('timeline').locator('[data-event="STATUS_CHANGED"]');
      await visible(completed.getByText('The shop (automatic)'));
      await visible(completed.getByText(/Completed automatically: the shop's wallet confirmed 4,500 via Counter phone/));

      // The code never left the server except to the buyer's page.
      expect(suite.server.logs.join('')).not.toContain(shown);
      await buyerContext.close();
      await ownerContext.close();
    },
  );
});
