// The dashboard as an installable app in real Chromium: its service worker registers at /dashboard (and the storefront
// gets none), Chromium's own manifest parser finds the manifest valid with the shop's name, and a push delivered to
// the service worker (through the DevTools protocol, as a push service would) shows the alert as a notification.
// Subscribing to a real push service is not possible here (no network to Google's); the server's side of pushes is
// proven in apps/server/src/modules/staff-alerts against a push service of the tests' own.
import { describe, expect, it } from 'vitest';
import { newContext, openPage, submitSignIn } from './harness.ts';
import { browserSuite } from './browser-suite.ts';

const suite = browserSuite();

type Manifest = {
  name: string;
  scope: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; type: string }>;
};

describe('the dashboard as an app', () => {
  it('registers no service worker and links no manifest on the storefront', async () => {
    const context = await newContext(suite.browser, 'phone');
    const page = await openPage(context, 'en');
    await page.goto(`${suite.url}/`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    await context.close();
  });

  it('registers its service worker at /dashboard, has a valid manifest, and shows a pushed alert as a notification', async () => {
    const context = await newContext(suite.browser, 'phone');
    await context.grantPermissions(['notifications'], { origin: suite.url });
    const page = await openPage(context, 'en');
    await page.goto(`${suite.url}/login`);
    await submitSignIn(page);
    await page.waitForURL(`${suite.url}/dashboard`);

    // Registered by the dashboard on its own, and active.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, active: r.active?.state ?? null })),
        ),
      )
      .toEqual([{ scope: `${suite.url}/dashboard`, active: 'activated' }]);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/dashboard'))?.scope);
    expect(scope).toBe(`${suite.url}/dashboard`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/dashboard.webmanifest');

    // Chromium's own manifest parser: no errors, and the fields an installed app needs.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }>; data?: string };
    expect(parsed.url).toBe(`${suite.url}/dashboard.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const manifest = JSON.parse(parsed.data!) as Manifest;
    const shop = (await (await fetch(`${suite.url}/api/v1/ShopSettings`)).json()) as { payLoad: { shopName: string } };
    expect(manifest).toMatchObject({ name: shop.payLoad.shopName, scope: '/dashboard', start_url: '/dashboard', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, suite.url));
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    // Playwright's contexts are incognito windows, where Chromium installs nothing; nothing else may be in the way.
    expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // A push as the server sends it (AlertPayload), delivered to the registration by the DevTools protocol.
    // Listening first: enabling the domain reports the registrations at once.
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
          const found = registrations.find((r) => r.scopeURL === `${suite.url}/dashboard` && !r.isDeleted);
          if (found) resolve(found.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const alert = {
      kind: 'newOrder',
      orderId: '11111111-2222-4333-8444-555555555555',
      title: 'New order AB12CD',
      body: 'Mobile Legends · 1,500 MMK · just now',
      url: '/dashboard/order-detail/11111111-2222-4333-8444-555555555555',
      tag: 'newOrder:11111111-2222-4333-8444-555555555555',
    };
    const id = await registrationId;
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.getRegistration('/dashboard'))!.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    // A push that reaches a worker Chromium is still waking can be dropped without an error; a push service
    // retries, and so does this test. The alert's tag keeps a repeat to one notification.
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (now.length === 0) {
            await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.url, registrationId: id, data: JSON.stringify(alert) });
            await page.waitForTimeout(500);
            return shown();
          }
          return now;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([
        { title: alert.title, body: alert.body, tag: alert.tag, data: { url: alert.url, orderId: alert.orderId, kind: 'newOrder' } },
      ]);

    // The account menu's entry opens the alerts dialog (on a phone the menu is in the slide-over sidebar).
    await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByTestId('alerts-menu-item').click();
    await page.getByRole('dialog', { name: 'Order alerts' }).waitFor();
    await page.getByTestId('alerts-device-state').waitFor();
    expect(await page.getByTestId('alerts-device-state').textContent()).toBe('Alerts are off for this device.');
    await context.close();
  });
});
