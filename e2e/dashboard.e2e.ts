// The admin's day in real Chromium against the built server: sign in, set up a game with its images, packages and
// payment accounts, see a buyer's order arrive, read and complete it, clean orders, survive an expired access
// token, change the password, sign in with it, sign out. Axe checks the orders and order detail pages.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { apiLogin, E2E_ADMIN, newContext, openPage, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

let page: Page;
const suite = browserSuite({ page: { kind: 'desktop', language: 'en' } });
beforeAll(() => {
  page = suite.page;
});

function png(color: string, size = 48): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function upload(selector: string, name: string, color: string) {
  await page.setInputFiles(selector, { name, mimeType: 'image/png', buffer: await png(color) });
}

async function axeSerious(): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function openAccountMenu() {
  await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.email}` }).click();
}

describe('admin dashboard', () => {
  it('runs the shop from sign-in to sign-out', { timeout: 240_000 }, async () => {
    const url = suite.url;
    const newPassword = 'changed-e2e-password-1';

    // The guard sends an anonymous visitor to /login with the spec's message.
    await page.goto(`${url}/dashboard/orders`);
    await page.waitForURL(`${url}/login`);
    await page.getByText('You need to login first!').waitFor();

    // Sign in.
    await submitSignIn(page);
    await page.waitForURL(`${url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('sidebar-user-email').textContent()).toBe(E2E_ADMIN.email);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'))).toMatchObject({ email: E2E_ADMIN.email });

    // A game with its three images.
    await page.getByRole('link', { name: 'Game List' }).click();
    await page.waitForURL(`${url}/dashboard/games`);
    await page.getByRole('heading', { name: 'Games' }).waitFor();
    const gamesBefore = await page.getByText(/^Page \d+ of \d+ — \d+ items$/).textContent();
    await page.getByRole('button', { name: 'Add Game' }).click();
    const gameDialog = page.getByRole('dialog', { name: 'Add Game' });
    await gameDialog.getByLabel('Title').fill('E2E Legends');
    expect(await gameDialog.getByLabel('Order Index').inputValue()).toBe('1');
    await gameDialog.getByLabel('Server Type').selectOption('ZONEID');
    await upload('#game-logo', 'logo.png', '#ff0000');
    await upload('#game-banner', 'banner.png', '#00ff00');
    expect(await gameDialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await upload('#game-profile', 'profile.png', '#0000ff');
    await gameDialog.getByRole('button', { name: 'Create' }).click();
    await gameDialog.waitFor({ state: 'hidden' });
    const firstGameRow = page.getByRole('row').nth(1);
    await firstGameRow.getByText('E2E Legends').waitFor();
    const count = (text: string | null) => Number(/— (\d+) items/.exec(text ?? '')?.[1]);
    expect(count(await page.getByText(/^Page \d+ of \d+ — \d+ items$/).textContent())).toBe(count(gamesBefore) + 1);
    expect(await firstGameRow.locator('img').getAttribute('src')).toMatch(/^\/uploads\//);

    // Two packages: one per payment method, one that can add quantity.
    await page.getByRole('link', { name: 'TokenPackage List' }).click();
    await page.getByRole('heading', { name: 'TokenPackages' }).waitFor();
    for (const pkg of [
      { title: '100 Diamonds', unit: '100', price: '2000', method: 'NORMAL', quantity: true },
      { title: '50 Diamonds by phone bill', unit: '50', price: '1100', method: 'PHONEBILL', quantity: false },
    ]) {
      await page.getByRole('button', { name: 'Add TokenPackage' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add TokenPackage' });
      await dialog.getByLabel('Game').selectOption({ label: 'E2E Legends' });
      await dialog.getByLabel('Package Title').fill(pkg.title);
      await dialog.getByLabel('Unit').fill(pkg.unit);
      await dialog.getByLabel('Price').fill(pkg.price);
      await dialog.getByLabel('Payment Method').selectOption(pkg.method);
      if (pkg.quantity) await dialog.getByLabel(/CanAddQuantity/).check();
      await upload('#pkg-image', `${pkg.unit}.png`, '#123456');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row').nth(1).getByText(pkg.title).waitFor();
    }
    const qtyRow = page.getByRole('row', { name: /100 Diamonds/ });
    expect(await qtyRow.getByRole('cell').nth(5).textContent()).toBe('Yes');
    expect(
      await page
        .getByRole('row', { name: /50 Diamonds/ })
        .getByRole('cell')
        .nth(5)
        .textContent(),
    ).toBe('No');

    // Payment accounts up to four: the demo seed has 3 (two wallets, one phone bill); Add disappears at 4.
    await page.getByRole('link', { name: 'ConfigSetting List' }).click();
    await page.getByRole('heading', { name: 'ConfigSetting' }).waitFor();
    await page.getByText(/— 3 items$/).waitFor();
    for (const name of ['E2E Pay Four']) {
      await page.getByRole('button', { name: 'Add ConfigSetting' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New ConfigSetting' });
      expect(await dialog.getByLabel('Order Index').count()).toBe(0);
      await dialog.getByLabel('Payment Name').fill(name);
      await dialog.getByLabel('Phone').fill('09777777777');
      await upload('#cs-logo', 'pay.png', '#abcdef');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(name).waitFor();
    }
    await page.getByText(/— 4 items$/).waitFor();
    expect(await page.getByRole('button', { name: 'Add ConfigSetting' }).count()).toBe(0);

    // A buyer places an order through the API.
    const games = (await (await fetch(`${url}/api/v1/Game?searchTerm=E2E%20Legends&pageSize=12`)).json()) as {
      payLoad: { items: { id: string }[] };
    };
    const gameId = games.payLoad.items[0]!.id;
    const detail = (await (await fetch(`${url}/api/v1/game/${gameId}`)).json()) as {
      payLoad: { tokenPackageDto: { id: string; canAddQuantity: boolean; price: number }[] };
    };
    const pkg = detail.payLoad.tokenPackageDto.find((p) => p.canAddQuantity)!;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      inGameUserId: 'buyer-e2e-777',
      serverInfo: '4321',
      mobileNumber: '09123456789',
      tokenPackageId: pkg.id,
      quantity: '2',
      subTotal: String(pkg.price * 2),
      transactionNumber: '654321',
      screenShot: '',
    }))
      form.set(k, v);
    form.set('file_ScreenShot', new Blob([new Uint8Array(await png('#ffcc00', 120))], { type: 'image/png' }), 'shot.png');
    const placed = await fetch(`${url}/api/v1/Order`, { method: 'POST', body: form });
    expect(placed.status).toBe(201);

    // It appears, unread, in the orders list and in the bell.
    await page.getByRole('link', { name: 'Order List' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const orderRow = page.getByRole('row', { name: /buyer-e2e-777/ });
    await orderRow.waitFor();
    expect(await orderRow.getAttribute('data-read')).toBe('false');
    // The bell loads its list when the dashboard opens (live pushes come with the realtime client).
    await page.reload();
    await orderRow.waitFor();
    await page.getByTestId('bell-count').waitFor();
    expect(await page.getByTestId('bell-icon').getAttribute('class')).toContain('animate-bounce');
    expect(await axeSerious()).toEqual([]);

    // View Detail marks it read, then opens it.
    await orderRow.getByRole('button', { name: 'View Detail' }).click();
    await page.waitForURL(/\/dashboard\/order-detail\//);
    await page.getByRole('heading', { name: 'Order Detail' }).waitFor();
    await page.getByText('buyer-e2e-777').waitFor();
    await page.getByText('(4321)').waitFor();
    // In the order's details (the proof check panel beside them shows the number too).
    await page.locator('dl').getByText('654321').waitFor();
    await page.getByRole('button', { name: 'Enlarge the payment screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Payment Screenshot' });
    await shot.waitFor();
    expect(await shot.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot.getByRole('button', { name: 'Close' }).click();
    await shot.waitFor({ state: 'hidden' });
    expect(await axeSerious()).toEqual([]);

    // COMPLETED is saved; back on the list the row is read (dimmed) and names the operator.
    await page.getByLabel('Payment Status').selectOption('COMPLETED');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(`${url}/dashboard/orders`);
    const doneRow = page.getByRole('row', { name: /buyer-e2e-777/ });
    await doneRow.getByText('COMPLETED').waitFor();
    expect(await doneRow.getAttribute('data-read')).toBe('true');
    expect(await doneRow.getAttribute('class')).toContain('bg-slate-100');
    expect(await doneRow.getByTestId('operator').textContent()).toBe(E2E_ADMIN.email);

    // Clean Orders: Monthly 1; the green banner shows the server's message.
    await page.getByLabel('Type', { exact: true }).selectOption('MONTHLY');
    expect(await page.getByLabel('Count', { exact: true }).inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Clean Orders' }).click();
    await page.getByRole('dialog', { name: 'Clean Orders?' }).getByRole('button', { name: 'Clean Orders' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /deleted successfully/ })
      .waitFor();

    // An expired access token is refreshed without the admin noticing.
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('authToken', 'expired.garbage.token'));
    await page.getByRole('link', { name: 'Users List' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('cell', { name: E2E_ADMIN.email }).waitFor();
    expect(page.url()).toBe(`${url}/dashboard/users`);
    const after = await page.evaluate(() => ({ access: localStorage.getItem('authToken'), refresh: localStorage.getItem('refreshToken') }));
    expect(after.access).not.toBe('expired.garbage.token');
    expect(after.refresh).not.toBe(before);

    // Change the password (with the live match check).
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await page.waitForURL(`${url}/dashboard/change-password`);
    await page.getByLabel('Old Password').fill(E2E_ADMIN.password);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill('something-else');
    await page.getByText('New Password and Confirm Password must match.').waitFor();
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully!').waitFor();

    // Sign out, then the old password fails and the new one works.
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${url}/login`);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('authToken'),
        localStorage.getItem('refreshToken'),
        localStorage.getItem('userData'),
      ]),
    ).toEqual([null, null, null]);
    await submitSignIn(page);
    await page.getByRole('alert').waitFor();
    // A wrong password keeps the email (only the password is typed again) and clears the password.
    expect(await page.getByLabel('Email').inputValue()).toBe(E2E_ADMIN.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await submitSignIn(page, E2E_ADMIN.email, newPassword);
    await page.waitForURL(`${url}/dashboard`);
    await apiLogin(url, E2E_ADMIN.email, newPassword);

    // Sign out for good: the dashboard is closed again.
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${url}/login`);
    await page.goto(`${url}/dashboard`);
    await page.waitForURL(`${url}/login`);
  });

  it('works at phone width: the sidebar is a slide-over panel', { timeout: 120_000 }, async () => {
    const phone = await newContext(suite.browser, 'phone');
    const p = await openPage(phone, 'en');
    try {
      await p.goto(`${suite.url}/login`);
      const password = await (async () => {
        // The first journey may have changed the password already; either one signs in.
        for (const candidate of ['changed-e2e-password-1', E2E_ADMIN.password]) {
          try {
            await apiLogin(suite.url, E2E_ADMIN.email, candidate);
            return candidate;
          } catch {
            // try the next one
          }
        }
        throw new Error('no password works');
      })();
      await submitSignIn(p, E2E_ADMIN.email, password);
      await p.waitForURL(`${suite.url}/dashboard`);
      expect(await p.getByTestId('sidebar').count()).toBe(0);
      await p.getByRole('button', { name: 'Toggle Sidebar' }).click();
      const panel = p.getByTestId('sidebar-mobile');
      await panel.waitFor();
      expect(Math.round((await panel.boundingBox())!.width)).toBe(288); // 18rem
      await panel.getByRole('link', { name: 'Order List' }).click();
      await panel.waitFor({ state: 'hidden' });
      await p.getByRole('heading', { name: 'Orders' }).waitFor();
      // Nothing but the table scrolls sideways.
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
