// The owner runs the shop in real Chromium against the built server: renames the shop and changes its contacts on
// the settings page and sees the storefront show them on the next load (no rebuild, no restart); then turns on
// two-factor sign-in with the QR page and signs in again with a code from the authenticator.
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

let context: BrowserContext;
let page: Page;
const suite = browserSuite({ page: { kind: 'desktop', language: 'en' } });
beforeAll(() => {
  page = suite.page;
  context = suite.context;
});

async function signIn(url: string) {
  await page.goto(`${url}/login`);
  await submitSignIn(page);
}

describe('owner controls', () => {
  it('changes the shop settings and the storefront shows them without a rebuild', { timeout: 120_000 }, async () => {
    const url = suite.url;
    // The first start printed a plain boxed block saying where and how to sign in (not a JSON log line).
    expect(suite.server.logs.join('')).toContain(`| Email        ${E2E_ADMIN.email}`);
    // The first-run identity.
    await page.goto(url);
    await page.locator('header').getByText('Top-up Shop').waitFor();

    await signIn(url);
    await page.waitForURL(`${url}/dashboard`);
    await page.getByRole('link', { name: 'Shop settings' }).click();
    await page.waitForURL(`${url}/dashboard/settings`);
    await page.getByLabel('Shop name').fill('Golden Top-up');
    await page.getByLabel('Phone').fill('+95 9 777 888 999');
    await page.getByLabel('Viber link').fill('viber://chat?number=%2B959777888999');
    await page.getByLabel('Copyright holder').fill('Golden Co.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Shop settings saved.').waitFor();
    // The dashboard's own header follows at once.
    await page.locator('header').getByText('Golden Top-up').waitFor();

    // A buyer opening the shop now sees the new identity, from the HTML itself.
    const buyer = await context.browser()!.newContext();
    const shopPage = await buyer.newPage();
    await shopPage.addInitScript(() => localStorage.setItem('app_language', 'en'));
    await shopPage.goto(url);
    expect(await shopPage.title()).toBe('Golden Top-up');
    await shopPage.locator('header').getByText('Golden Top-up').waitFor();
    const footer = shopPage.locator('footer');
    await footer.getByRole('link', { name: '+95 9 777 888 999' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Viber' }).getAttribute('href')).toBe('viber://chat?number=%2B959777888999');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Golden Co.`);
    await buyer.close();

    // A hostile link is refused with the field's reason, and nothing changes.
    await page.getByLabel('Facebook link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').getByText('Enter a full link starting with https://.').waitFor();
  });

  it('turns on two-factor sign-in with the QR page, then signs in with a code', { timeout: 120_000 }, async () => {
    const url = suite.url;
    await page.goto(`${url}/dashboard/two-factor`);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    // Shown in groups of four for reading; an authenticator takes it without the spaces.
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();

    // Sign out, sign in: the password alone is not enough any more.
    await page.evaluate(() => localStorage.clear());
    await page.addInitScript(() => localStorage.setItem('app_language', 'en'));
    await signIn(url);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not correct or was already used.').waitFor();
    // The enrolment used this period's code; the next period's is accepted (and this one would be a replay).
    await page.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${url}/dashboard`);
  });
});
