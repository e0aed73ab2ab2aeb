// A buyer's journeys in real Chromium against the built server and its demo catalog: orders for a NONE, a SERVER
// and a ZONEID game, both payment methods, the quantity stepper, a refused transaction number, a 360 px phone,
// the language surviving a reload, each order then read back through the admin API, and axe scans of both pages.
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { burmeseTextWithoutMyanmarFont, newContext } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite({ apiToken: true });

type Game = { id: string; title: string; serverType: string; isDisable: boolean };
type Order = {
  gameTitle: string;
  inGameUserId: string;
  serverInfo: string;
  mobileNumber: string;
  quantity: number;
  subTotal: number;
  paymentMethod: string;
  transactionNumber: string;
  tokenPackageDto: { tokenTitle: string; price: number };
};

let games: Game[];
let screenshot: string;

/** Playwright-style waits on top of vitest's expect (playwright-core has no matchers of its own). */
const visible = (l: Locator) => l.first().waitFor({ state: 'visible' });
const text = (l: Locator, expected: string) => expect.poll(() => l.textContent()).toBe(expected);
const value = (l: Locator, expected: string) => expect.poll(() => l.inputValue()).toBe(expected);
const count = (l: Locator, expected: number) => expect.poll(() => l.count()).toBe(expected);
const enabled = (l: Locator, timeout = 5000) => expect.poll(() => l.isEnabled(), { timeout }).toBe(true);

const byTitle = (title: string) => games.find((g) => g.title === title)!;

beforeAll(async () => {
  const res = await fetch(`${suite.url}/api/v1/Game?pageSize=100`, { headers: { authorization: `Bearer ${suite.token}` } });
  games = ((await res.json()) as { payLoad: { items: Game[] } }).payLoad.items;
  // A real phone-sized payment screenshot: noisy enough to be large, so the browser's compression has work to do.
  const width = 1080;
  const height = 2100;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'topup-shot-'));
  screenshot = path.join(dir, 'payment.png');
  const text = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="80" y="600" width="920" height="300" fill="white"/><text x="120" y="780" font-size="90" fill="black">Paid 12,600 MMK</text></svg>`,
  );
  writeFileSync(
    screenshot,
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .composite([{ input: text }])
      .png()
      .toBuffer(),
  );
});

async function orders(): Promise<Order[]> {
  const res = await fetch(`${suite.url}/api/v1/Order?pageSize=100`, { headers: { authorization: `Bearer ${suite.token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payLoad: { items: Order[] } }).payLoad.items;
}

async function chooseLanguage(page: Page, lang: 'mm' | 'en') {
  await page.getByTestId('language-select').selectOption(lang);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang === 'mm' ? 'my' : 'en');
}

async function pickPackage(page: Page, title: string) {
  await page.getByTestId('package').filter({ hasText: title }).first().click();
}

/** Fills the dialog and confirms; returns once the buyer is on the order's status page with the success message. */
async function confirmOrder(page: Page, txn: string, successText: string) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="transactionNumber"]').fill(txn);
  await dialog.getByTestId('screenshot-input').setInputFiles(screenshot);
  await enabled(dialog.getByTestId('confirm-order'), 15_000);
  await dialog.getByTestId('confirm-order').click();
  // The buyer lands on their order's private status page, with the success toast.
  await page.waitForURL(/\/order\/[2-9A-Z]{8}\?t=[\w-]+$/);
  await visible(page.getByText(successText));
}

describe('storefront', () => {
  it('a buyer on a 360 px phone buys a NONE game in Burmese, using the quantity stepper and Mobile Banking', async () => {
    const context = await newContext(suite.browser, 'phone');
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(r.url());
    });
    await page.goto(suite.url);
    await visible(page.getByRole('heading', { name: 'လူကြိုက်အများဆုံး' }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('my');
    // The first screen came with the HTML: no API call was needed to paint it.
    expect(apiCalls).toEqual([]);
    await visible(page.getByTestId('banner-carousel'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Noto Sans Myanmar');

    const pubg = byTitle('PUBG Mobile');
    await page.getByTestId('game-grid').getByRole('link', { name: pubg.title }).click();
    await page.waitForURL(`${suite.url}/game/${pubg.id}`);
    await visible(page.getByRole('heading', { name: pubg.title }));
    expect(await page.getByTestId('how-to').locator('li').first().textContent()).toBe('သင်၏ အသုံးပြုသူ ID ကို ထည့်ပါ။');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const buy = page.getByRole('button', { name: 'ယခုဝယ်မည်' });
    expect(await buy.isDisabled()).toBe(true);
    await page.getByLabel('အသုံးပြုသူ ID').fill('5123456789');
    await page.getByLabel('ဖုန်းနံပါတ်').fill('09791234567');
    expect(await page.getByLabel('မိုဘိုင်းဘဏ်').isChecked()).toBe(true);
    await pickPackage(page, '60 UC');
    await page.getByRole('button', { name: 'အရေအတွက် တိုးရန်' }).click();
    await page.getByRole('button', { name: 'အရေအတွက် တိုးရန်' }).click();
    await text(page.getByTestId('quantity'), '3');
    await text(page.getByTestId('total'), '12,600 MMK');
    await buy.click();

    // A refused transaction number first: too short, with the Burmese message.
    const dialog = page.getByRole('dialog');
    await text(dialog.getByTestId('confirm-total'), '12,600 MMK');
    const txn = dialog.getByRole('textbox', { name: /၆/ });
    await txn.fill('12a4');
    await value(txn, '124');
    await txn.blur();
    await visible(dialog.getByText('ငွေလွှဲနံပါတ်သည် ဂဏန်း ၆ လုံး အတိအကျ ဖြစ်ရမည်။'));
    // The dialog (portalled out of the app's tree) and every Burmese text on the page use the Myanmar font.
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);
    await confirmOrder(page, '654321', 'သင်၏ အော်ဒါကို လက်ခံရရှိပါပြီ။ ၃ မိနစ်အတွင်း ရောက်ရှိပါမည်။');
    // The success toast too (sonner brings a font stack of its own).
    await visible(page.locator('[data-sonner-toast]').first());
    expect(await burmeseTextWithoutMyanmarFont(page)).toEqual([]);

    const placed = (await orders()).find((o) => o.transactionNumber === '654321')!;
    expect(placed).toMatchObject({
      gameTitle: pubg.title,
      inGameUserId: '5123456789',
      quantity: 3,
      subTotal: 12_600,
      paymentMethod: 'NORMAL',
    });
    expect(placed.tokenPackageDto).toMatchObject({ tokenTitle: '60 UC', price: 4200 });
    await context.close();
  });

  it('keeps English after a reload and buys a ZONEID game by Phone Bill', async () => {
    const context = await newContext(suite.browser, 'desktop');
    const page = await context.newPage();
    await page.goto(suite.url);
    await chooseLanguage(page, 'en');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Most popular' }));
    await value(page.getByTestId('language-select'), 'en');

    const ml = byTitle('Mobile Legends: Bang Bang');
    await page.goto(`${suite.url}/game/${ml.id}`);
    await visible(page.getByRole('heading', { name: ml.title }));
    expect(await page.getByTestId('how-to').locator('li').first().textContent()).toBe('Enter your User ID and Server ID.');
    await page.getByLabel('User ID').fill('98765432');
    await page.getByLabel('Zone ID').fill('2041');
    await page.getByLabel('Mobile number').fill('09 450 123 456');
    await page.getByText('Phone Bill').click();
    await count(page.getByTestId('package'), 3);
    await pickPackage(page, '172 Diamonds');
    await count(page.getByTestId('quantity'), 0);
    await text(page.getByTestId('total'), '12,500 MMK');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await confirmOrder(page, '111222', 'Order has been successfully placed!');

    const placed = (await orders()).find((o) => o.transactionNumber === '111222')!;
    expect(placed).toMatchObject({ gameTitle: ml.title, serverInfo: '2041', quantity: 1, subTotal: 12_500, paymentMethod: 'PHONEBILL' });
    await context.close();
  });

  it('buys a SERVER game after choosing the suite.server, and refuses a short transaction number on Confirm', async () => {
    const context = await newContext(suite.browser, 'desktop');
    await context.addInitScript(() => localStorage.setItem('app_language', 'en'));
    const page = await context.newPage();
    const gi = byTitle('Genshin Impact');
    await page.goto(`${suite.url}/game/${gi.id}`);
    await page.getByLabel('User ID').fill('800123456');
    await page.getByLabel('Server').selectOption('Asia');
    await page.getByLabel('Mobile number').fill('09250111222');
    await pickPackage(page, 'Blessing of the Welkin Moon');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await text(page.getByTestId('sub-total'), '41,000 MMK');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('screenshot-input').setInputFiles(screenshot);
    await enabled(dialog.getByTestId('confirm-order'), 15_000);
    // The upload is compressed in the browser: far smaller than the PNG chosen.
    await visible(dialog.getByText(/KB to upload/));
    await dialog.getByRole('textbox', { name: /6 digits/ }).fill('12345');
    await dialog.getByTestId('confirm-order').click();
    await visible(dialog.getByText('Transaction number must be exactly 6 digits.'));
    await confirmOrder(page, '777888', 'Order has been successfully placed!');

    const placed = (await orders()).find((o) => o.transactionNumber === '777888')!;
    expect(placed).toMatchObject({ gameTitle: gi.title, serverInfo: 'Asia', quantity: 2, subTotal: 41_000, paymentMethod: 'NORMAL' });
    expect((await orders()).filter((o) => o.transactionNumber === '777888')).toHaveLength(1);
    await context.close();
  });

  it('answers a disabled game with 404 and the not-found page', async () => {
    const hidden = games.find((g) => g.isDisable)!;
    const context = await newContext(suite.browser, 'desktop');
    const page = await context.newPage();
    const res = await page.goto(`${suite.url}/game/${hidden.id}`);
    expect(res?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'စာမျက်နှာ မတွေ့ပါ' }));
    await context.close();
  });

  it("paints / and /game/{id} from server-rendered markup in the reader's language and hydrates it without a warning", async () => {
    const gi = byTitle('Genshin Impact');
    const firstScreen = {
      mm: { '/': 'လူကြိုက်အများဆုံး', [`/game/${gi.id}`]: 'ငွေဖြည့်နည်း' },
      en: { '/': 'Most popular', [`/game/${gi.id}`]: 'How to top up' },
    };
    for (const lang of ['mm', 'en'] as const) {
      const context = await newContext(suite.browser, 'phone');
      const page = await context.newPage();
      if (lang === 'en') {
        // The reader's choice, as the header's menu makes it: kept in localStorage and told to the server by cookie.
        await page.goto(`${suite.url}/`);
        await chooseLanguage(page, 'en');
      }
      // The first screen's <main> as the HTML parser made it, before any script ran: hydration keeps that element.
      await context.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { parsedMain: Element | null }).parsedMain = document.querySelector('#root main');
        });
      });
      for (const [url, text] of Object.entries(firstScreen[lang])) {
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
        const res = await page.goto(`${suite.url}${url}`);
        expect(res?.status()).toBe(200);
        const html = await res!.text();
        expect(html).toContain(`<html lang="${lang === 'mm' ? 'my' : 'en'}"`);
        expect(html.slice(html.indexOf('<div id="root">'))).toContain(text);
        await page.waitForLoadState('networkidle');
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                document.querySelector('#root main') === (window as unknown as { parsedMain: Element | null }).parsedMain &&
                !!document.querySelector('#root main'),
            ),
          )
          .toBe(true);
        // Hydrated, not just painted: the page answers a press (the header's link navigates without a reload).
        await page.getByTestId('my-orders-link').click();
        await page.waitForURL(/\/my-orders$/);
        expect(await page.evaluate(() => (window as unknown as { parsedMain?: Element | null }).parsedMain !== undefined)).toBe(true);
        expect(problems, `${lang} ${url}`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
      await context.close();
    }
  });

  it("carries only the storefront's CSS inline, never fetches the stylesheet there, and a staff page gets all of it", async () => {
    const gi = byTitle('Genshin Impact');
    // Without scripts (so nothing moves): every element of the first screen is styled alike by the inline rules alone
    // and with the whole stylesheet added after them; a rule the server left out would change some computed value.
    const still = await suite.browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      javaScriptEnabled: false,
    });
    const bare = await still.newPage();
    for (const url of ['/', `/game/${gi.id}`]) {
      await bare.goto(`${suite.url}${url}`);
      const styles = () =>
        bare.evaluate(() =>
          [...document.querySelectorAll('#root *')].map((el) => {
            const cs = getComputedStyle(el);
            // Custom properties aside: the inline part leaves out those nothing reads, which change no other value.
            const props = [...cs].filter((p) => !p.startsWith('--'));
            return `${el.tagName}.${el.getAttribute('class') ?? ''}: ${props.map((p) => `${p}=${cs.getPropertyValue(p)}`).join(';')}`;
          }),
        );
      const inline = await styles();
      expect(await bare.evaluate(() => document.querySelector('style[data-first-screen]')?.textContent?.length ?? 0), url).toBeGreaterThan(
        1000,
      );
      // (No load event without scripts: wait until the sheet is in document.styleSheets with its rules.)
      await bare.evaluate(() => {
        const href = (document.querySelector('style[data-first-screen]') as HTMLElement).dataset.href!;
        document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
      });
      await expect
        .poll(() => bare.evaluate(() => [...document.styleSheets].some((sheet) => !!sheet.href && sheet.cssRules.length > 0)))
        .toBe(true);
      const whole = await styles();
      expect(whole.length, url).toBe(inline.length);
      expect(
        inline.filter((s, i) => s !== whole[i]),
        url,
      ).toEqual([]);
    }
    await still.close();

    // With scripts: the storefront hydrates, moves between its pages and opens its lazy parts without the file...
    const context = await newContext(suite.browser, 'phone');
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || /\.css(\?|$)/.test(r.url())) stylesheets.push(r.url());
    });
    for (const url of ['/', `/game/${gi.id}`]) {
      await page.goto(`${suite.url}${url}`);
      await page.waitForLoadState('networkidle');
      await page.getByTestId('my-orders-link').click();
      await page.waitForURL(/\/my-orders$/);
      await page.waitForLoadState('networkidle');
    }
    expect(stylesheets).toEqual([]);
    // ... and a staff page reached from there (here by the router's own history) loads it before it renders.
    await page.evaluate(() => {
      history.pushState({}, '', '/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visible(page.locator('input[type="password"]'));
    expect(stylesheets).toHaveLength(1);
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('.css') && !sheet.disabled))).toBe(
      true,
    );
    await context.close();
  });

  it('has no serious or critical axe violations on / and /game/{id} in either language', async () => {
    const gi = byTitle('Genshin Impact');
    for (const lang of ['mm', 'en'] as const) {
      const context = await newContext(suite.browser, 'desktop');
      await context.addInitScript((l) => localStorage.setItem('app_language', l), lang);
      const page = await context.newPage();
      for (const url of ['/', `/game/${gi.id}`]) {
        await page.goto(`${suite.url}${url}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const result = await new AxeBuilder({ page }).analyze();
        const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${lang} ${url}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
      await context.close();
    }
  });
});
