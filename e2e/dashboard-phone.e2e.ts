// The dashboard on a 360 px phone in Burmese, as a shop owner first sees it: the overview's cards two per row so the
// delivery card is near the top; in the games list a disabled game's mark inside its own cell, and each game's edit
// and delete on screen (icons, the order index and date only from 640 px); likewise each package's price with its
// currency, delivery link, edit and delete in the packages list. Burmese words stay whole in a narrow button, card
// title and dialog title, on the storefront and the dashboard (docs/decisions/0096-burmese-line-breaks.md).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { E2E_ADMIN, newContext, openPage, placeDemoOrder } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

/** Two words Chromium's Burmese dictionary knows: "page" (three syllables) and "order" (two). */
const WORDS = ['စာမျက်နှာ', 'အော်ဒါ'];

/**
 * Puts the two words in `box` (a real element, with the app's styles), makes it narrower than either word, and
 * returns, for each word, the tops of the line boxes it lies on (Range.getClientRects): one top means not split.
 */
function wordLines(box: Locator): Promise<number[][]> {
  return box.evaluate((el, words) => {
    el.textContent = words.join(' ');
    if (getComputedStyle(el).display === 'inline') el.style.display = 'inline-block';
    el.style.width = '1.5em';
    el.style.minWidth = '0';
    const text = el.firstChild!;
    let at = 0;
    return words.map((word) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      at += word.length + 1;
      return [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
    });
  }, WORDS);
}

let page: Page;

beforeAll(async () => {
  await placeDemoOrder(suite.url, 'phone-owner-0', '810001');
  page = await openPage(await newContext(suite.browser, 'phone'), 'mm');
  await page.goto(`${suite.url}/login`);
  // The sign-in form in Burmese: found by field type rather than by its English labels.
  await page.locator('input[type=email]').fill(E2E_ADMIN.email);
  await page.locator('input[type=password]').fill(E2E_ADMIN.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${suite.url}/dashboard`);
});

describe('the dashboard at 360 px in Burmese', () => {
  it('shows the overview cards two per row, each whole, and nothing scrolls sideways', async () => {
    await page.goto(`${suite.url}/dashboard`);
    const cards = page.getByTestId('overview-card');
    await cards.first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await cards.count()).toBe(6);
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => ({
        ...el.getBoundingClientRect().toJSON(),
        fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
      })),
    );
    for (let i = 0; i < 6; i += 2) {
      expect(boxes[i + 1]!.top).toBe(boxes[i]!.top);
      expect(boxes[i + 1]!.left).toBeGreaterThan(boxes[i]!.right - 1);
    }
    for (const box of boxes) {
      expect(box.fits).toBe(true);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    // The delivery card starts within the second screen (740 px each), not three screens down.
    const sla = (await page.locator('#sla-title').boundingBox())!;
    expect(sla.y).toBeLessThan(2 * 740);
  });

  it("keeps a disabled game's mark inside the title cell of the games list", async () => {
    await page.goto(`${suite.url}/dashboard/games`);
    const mark = page.getByTestId('game-disabled');
    await mark.first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await mark.count()).toBeGreaterThan(0);
    for (const el of await mark.all()) {
      const { markRight, cellRight, next } = await el.evaluate((m) => {
        const cell = m.closest('td')!;
        return {
          markRight: m.getBoundingClientRect().right,
          cellRight: cell.getBoundingClientRect().right,
          next: cell.nextElementSibling!.getBoundingClientRect().left,
        };
      });
      expect(markRight).toBeLessThanOrEqual(cellRight);
      expect(markRight).toBeLessThanOrEqual(next);
    }
  });

  it("shows every game's edit and delete without sideways scrolling", async () => {
    await page.goto(`${suite.url}/dashboard/games`);
    const region = page.getByRole('region', { name: 'ဂိမ်းများ' });
    const rows = region.locator('tbody tr');
    await rows.first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    for (const row of await rows.all()) {
      const buttons = row.getByRole('button');
      expect(await buttons.count()).toBe(2);
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
        expect(await button.getAttribute('title')).toMatch(/\S/);
      }
    }
  });

  it("shows every package's price with its currency, delivery link, edit and delete without sideways scrolling", async () => {
    await page.goto(`${suite.url}/dashboard/packages`);
    const region = page.getByRole('region', { name: 'ပက်ကေ့ချ်များ' });
    const rows = region.locator('tbody tr');
    await rows.first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    const headers = await region.locator('thead th').allTextContents();
    const price = headers.indexOf('စျေးနှုန်း');
    const currency = headers.indexOf('ငွေကြေး');
    expect(Math.min(price, currency)).toBeGreaterThanOrEqual(0);
    for (const row of await rows.all()) {
      // The currency column shows from 640 px; here the price cell says it, e.g. "4,500 MMK", and stays on screen.
      const cells = row.locator('td');
      expect(await cells.nth(currency).isVisible()).toBe(false);
      const shown = await cells
        .nth(price)
        .evaluate((td) => ({ text: (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), right: td.getBoundingClientRect().right }));
      const wide = (await cells.nth(currency).textContent())!.trim();
      expect(wide).toMatch(/^[A-Z]{3}$/);
      expect(shown.text).toMatch(new RegExp(`^[\\d,]+ ${wide}$`));
      expect(shown.right).toBeLessThanOrEqual(360);
      const actions = row.locator('a, button');
      expect(await actions.count()).toBe(3);
      for (const action of await actions.all()) {
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
        expect(await action.getAttribute('title')).toMatch(/\S/);
      }
    }
  });

  it('keeps a Burmese word whole in a narrow button, card title and dialog, on the storefront and the dashboard', async () => {
    await page.goto(`${suite.url}/`);
    const card = page.getByTestId('game-grid').locator('li').first();
    await card.waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('my');
    const lines = [await wordLines(card.locator('span').last())];
    await card.locator('a').click();
    const button = page.getByTestId('package').first();
    await button.waitFor();
    await page.evaluate(() => document.fonts.ready);
    lines.push(await wordLines(button));

    await page.goto(`${suite.url}/dashboard/games`);
    await page.getByRole('region', { name: 'ဂိမ်းများ' }).waitFor();
    await page.getByRole('button', { name: 'ဂိမ်း ထည့်မည်' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('my');
    lines.push(await wordLines(dialog.getByRole('heading')), await wordLines(dialog.getByRole('button', { name: 'မလုပ်တော့ပါ' })));
    await page.keyboard.press('Escape');
    await page.goto(`${suite.url}/dashboard`);
    const overview = page.getByTestId('overview-card').first().locator('p').first();
    await overview.waitFor();
    lines.push(await wordLines(overview));

    expect(lines).toHaveLength(5);
    for (const [first, second] of lines) {
      // Each word on one line; the box is narrower than either, so the second starts a line of its own.
      expect(first).toHaveLength(1);
      expect(second).toHaveLength(1);
      expect(second![0]).toBeGreaterThan(first![0]!);
    }
  });
});
