// What a Yangon shop meets in its first week, in real Chromium at 360 px and 1280 px: the orders list fits beside the
// sidebar (nothing scrolls sideways from 640 px, the verdict and the actions on screen), a wrong field is brought
// into view and focused, a disabled button says why, the shop's name is whole on a phone, and on throttled 4G
// (150 ms, 1.6 Mbps, CPU 4×) no frame shows Burmese text before the Myanmar font is there (no boxes).
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { E2E_ADMIN, newContext, openPage, placeDemoOrder, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

let gameId: string;

beforeAll(async () => {
  const games = (await (await fetch(`${suite.url}/api/v1/Game?pageSize=100`)).json()) as {
    payLoad: { items: { id: string; title: string }[] };
  };
  gameId = games.payLoad.items.find((g) => g.title === 'PUBG Mobile')!.id;
  for (let i = 0; i < 4; i++)
    await placeDemoOrder(
      suite.url,
      `first-week-player-${i}`,
      `5${String(i).padStart(5, '0')}`,
      ['#336699', '#993366', '#669933', '#999999'][i],
    );
});

async function desktop(width: number): Promise<BrowserContext> {
  return suite.browser.newContext({ viewport: { width, height: 800 } });
}

/** How far the page and the orders table scroll sideways (0 when everything fits). */
function sidewaysScroll(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const table = document.querySelector('[data-testid="orders-table"]');
    return { page: root.scrollWidth - root.clientWidth, table: table ? table.scrollWidth - table.clientWidth : -1 };
  });
}

describe('the orders list on a desktop', () => {
  // 768 px: the sidebar leaves about 470 px, so the table has four columns (buyer with the order, verdict with the status).
  for (const width of [1280, 1024, 768]) {
    it(`at ${width} px nothing scrolls sideways and each row's verdict and actions are on screen`, async () => {
      const context = await desktop(width);
      const page = await openPage(context, 'en');
      await page.goto(`${suite.url}/login`);
      await submitSignIn(page);
      await page.waitForURL(`${suite.url}/dashboard`);
      await page.goto(`${suite.url}/dashboard/orders?q=first-week`);
      const table = page.getByTestId('orders-table');
      await table.getByText('first-week-player-0').waitFor();
      expect(await sidewaysScroll(page)).toEqual({ page: 0, table: 0 });
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(4);
      for (let i = 0; i < 4; i++) {
        const row = rows.nth(i);
        for (const part of [
          row.getByTestId('verdict'),
          row.getByRole('button', { name: 'View Detail' }),
          row.getByRole('button', { name: 'Complete' }),
        ]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
      // The j/k cursor row stands out: a tinted background and a ring.
      await page.keyboard.press('j');
      const cursor = rows.first();
      expect(await cursor.getAttribute('aria-current')).toBe('true');
      const look = await cursor.evaluate((el) => ({
        bg: getComputedStyle(el).backgroundColor,
        outline: getComputedStyle(el).outlineStyle,
      }));
      expect(look.bg).not.toBe('rgb(255, 255, 255)');
      expect(look.outline).toBe('solid');
      await context.close();
    });
  }

  it('at 360 px the orders are cards and the page does not scroll sideways', async () => {
    const context = await newContext(suite.browser, 'phone');
    const page = await openPage(context, 'en');
    await page.goto(`${suite.url}/login`);
    await submitSignIn(page);
    await page.waitForURL(`${suite.url}/dashboard`);
    await page.goto(`${suite.url}/dashboard/orders?q=first-week`);
    await page.locator('[data-order-row="3"]').waitFor();
    expect(await page.getByTestId('orders-table').count()).toBe(0);
    expect((await sidewaysScroll(page)).page).toBe(0);
    await context.close();
  });
});

describe('the shop name on the storefront', () => {
  it('is whole at 360 px and 1280 px, even when long', async () => {
    const token = await (async () => {
      const res = await fetch(`${suite.url}/api/v1/auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(E2E_ADMIN),
      });
      return ((await res.json()) as { payLoad: { accessToken: string } }).payLoad.accessToken;
    })();
    const current = ((await (await fetch(`${suite.url}/api/v1/ShopSettings`)).json()) as { payLoad: Record<string, unknown> }).payLoad;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...current, shopName: 'Golden Dragon Top-up' }))
      if (k !== 'logo' && v !== null) form.set(k, String(v));
    const saved = await fetch(`${suite.url}/api/v1/ShopSettings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(saved.status).toBe(200);

    for (const kind of ['phone', 'desktop'] as const) {
      const context = await newContext(suite.browser, kind);
      const page = await openPage(context);
      await page.goto(`${suite.url}/`);
      const name = page.getByTestId('shop-name');
      await name.waitFor();
      expect(await name.textContent()).toBe('Golden Dragon Top-up');
      // Nothing of it is cut: its box holds all of its text, and it stays inside the screen.
      const fits = await name.evaluate((el) => ({
        wide: el.scrollWidth <= el.clientWidth + 1,
        tall: el.scrollHeight <= el.clientHeight + 1,
        right: el.getBoundingClientRect().right,
      }));
      expect(fits).toMatchObject({ wide: true, tall: true });
      expect(fits.right).toBeLessThanOrEqual(kind === 'phone' ? 360 : 1280);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
      await context.close();
    }
  });
});

describe('buying with a wrong field', () => {
  for (const kind of ['phone', 'desktop'] as const) {
    it(`${kind}: Buy Now says what it needs, then brings the wrong field into view and focuses it`, async () => {
      const context = await newContext(suite.browser, kind);
      const page = await openPage(context, 'en');
      await page.goto(`${suite.url}/game/${gameId}`);
      // The first screen comes in Burmese from the server; the app then renders the stored English.
      const buy = page.getByRole('button', { name: 'Buy Now' });
      await buy.waitFor();
      const why = page.getByTestId('buy-now-why');
      expect(await why.textContent()).toContain('enter your User ID');
      await page.getByLabel('User ID').fill('5123456789');
      await page.getByLabel('Mobile number').fill('12345');
      await page.getByTestId('package').first().click();
      await buy.scrollIntoViewIfNeeded();
      // The phone field is off-screen once the button is in view on a phone.
      await buy.click();
      const mobile = page.getByLabel('Mobile number');
      await expect.poll(() => mobile.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await mobile.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await page.getByText('Enter a Myanmar mobile number', { exact: false }).isVisible()).toBe(true);

      // Confirm, disabled until a screenshot is added, says so under it.
      await mobile.fill('09791234567');
      await buy.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('confirm-disabled-reason').waitFor();
      expect(await dialog.getByTestId('confirm-order').isDisabled()).toBe(true);
      expect(await dialog.getByTestId('confirm-disabled-reason').textContent()).toBe('Add the payment screenshot to confirm.');
      await context.close();
    });
  }
});

// ---- Burmese text before the font arrives ---------------------------------------------------------------------

/** Slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up, and a CPU four times slower. */
async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Share of pixels in a frame's rectangle (inset past borders) that differ from the rectangle's commonest colour. */
async function inkShare(png: Buffer, rect: { x: number; y: number; width: number; height: number }, scale: number): Promise<number> {
  const inset = 3;
  const left = Math.max(0, Math.round((rect.x + inset) * scale));
  const top = Math.max(0, Math.round((rect.y + inset) * scale));
  const meta = await sharp(png).metadata();
  const width = Math.min(meta.width! - left, Math.round((rect.width - 2 * inset) * scale));
  const height = Math.min(meta.height! - top, Math.round((rect.height - 2 * inset) * scale));
  if (width <= 2 || height <= 2) return 0;
  const { data, info } = await sharp(png).extract({ left, top, width, height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const key = (data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const mode = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const [mr, mg, mb] = [(mode >> 8) * 16 + 8, ((mode >> 4) & 15) * 16 + 8, (mode & 15) * 16 + 8];
  let differing = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.max(Math.abs(data[i]! - mr), Math.abs(data[i + 1]! - mg), Math.abs(data[i + 2]! - mb)) > 60) differing++;
  }
  return differing / (data.length / info.channels);
}

describe('Burmese on throttled 4G', () => {
  for (const kind of ['phone', 'desktop'] as const) {
    it(`${kind}: no frame draws Burmese text before the Myanmar font has arrived`, async () => {
      const context = await newContext(suite.browser, kind);
      // Records, on every frame, whether the Myanmar font is ready (epoch milliseconds of the first frame it is).
      await context.addInitScript(() => {
        const w = window as unknown as { fontReadyAt: number | null };
        w.fontReadyAt = null;
        const tick = () => {
          // check() answers true while no Myanmar face is declared yet, so it counts only once the stylesheet has one.
          const declared = [...document.fonts].some((f) => f.family.includes('Noto Sans Myanmar'));
          if (declared && document.fonts.check('16px "Noto Sans Myanmar"', 'က')) w.fontReadyAt = Date.now();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const cdp = await context.newCDPSession(page);
      await throttle(cdp);
      const frames: { at: number; png: Buffer }[] = [];
      cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
        frames.push({ at: (f.metadata.timestamp ?? Date.now() / 1000) * 1000, png: Buffer.from(f.data, 'base64') });
        void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
      });
      await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
      await page.goto(`${suite.url}/`, { waitUntil: 'commit' });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { fontReadyAt: number | null }).fontReadyAt), { timeout: 60_000 })
        .not.toBeNull();
      await page.waitForTimeout(500);
      await cdp.send('Page.stopScreencast');
      const fontReadyAt = (await page.evaluate(() => (window as unknown as { fontReadyAt: number }).fontReadyAt))!;
      // The frame callback that notices the font can run late on a throttled, busy CPU, after the text is already drawn
      // in it; the font's last byte arriving is the earliest the text can be, so only frames before it must be blank.
      const fontArrivedAt = await page.evaluate(() =>
        Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('noto-sans-myanmar'))
            .map((e) => performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd),
        ),
      );
      expect(Number.isFinite(fontArrivedAt)).toBe(true);

      // Where the Burmese text is (elements whose own text is Burmese, laid out with the font now there).
      const rects = await page.evaluate(() => {
        const out: { x: number; y: number; width: number; height: number }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!/[\u1000-\u109F]/.test(node.nodeValue ?? '') || !node.parentElement) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const r = range.getBoundingClientRect();
          if (r.width > 8 && r.height > 8 && r.bottom > 0 && r.top < innerHeight)
            out.push({ x: r.x, y: r.y, width: r.width, height: r.height });
        }
        return out;
      });
      expect(rects.length).toBeGreaterThan(0);
      const { width: cssWidth } = page.viewportSize()!;
      const before = frames.filter((f) => f.at < Math.min(fontReadyAt, fontArrivedAt) - 20);
      const after = frames.filter((f) => f.at > fontReadyAt + 100);
      expect(after.length).toBeGreaterThan(0);
      const scaleOf = async (png: Buffer) => (await sharp(png).metadata()).width! / cssWidth;
      // Once the font is there the text has ink: the measure sees text when there is some. Read from a screenshot taken
      // now, with the layout the boxes were measured in (on a busy machine the last screencast frame can predate it).
      const now = await page.screenshot();
      const inkAfter = Math.max(...(await Promise.all(rects.map(async (r) => inkShare(now, r, await scaleOf(now))))));
      expect(inkAfter).toBeGreaterThan(0.03);
      // Before it, nothing is drawn where Burmese text is: no boxes, no fallback glyphs.
      const drawnEarly: string[] = [];
      for (const f of before) {
        const scale = await scaleOf(f.png);
        for (const r of rects) {
          const share = await inkShare(f.png, r, scale);
          if (share > 0.02)
            drawnEarly.push(
              `${Math.round(Math.min(fontReadyAt, fontArrivedAt) - f.at)} ms before the font: ${share.toFixed(3)} at ${Math.round(r.x)},${Math.round(r.y)}`,
            );
        }
      }
      expect(drawnEarly).toEqual([]);
      console.info(
        `${kind}: ${before.length} frames before the Myanmar font, ${after.length} after; ${rects.length} Burmese text boxes checked`,
      );
      await context.close();
    });
  }
});
