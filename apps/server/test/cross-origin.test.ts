// What a client built to the spec meets when it runs on another origin: order and notification lists that answer
// an anonymous visitor with an empty page (and still 401 for a bad token), CORS preflights that allow every method
// and header of the API with credentials for listed origins only, public images any site may load, and the
// HttpOnly hub session cookie that sign-in, refresh and sign-out manage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPaymentAccount, ADMIN, body, buildTestApp, multipart, png, type TestApp } from './helpers.ts';
import { createCatalog } from '../src/modules/orders/orders.fixtures.ts';

const SHOP_UI = 'https://shop-ui.example';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ CORS_ORIGINS: `${SHOP_UI}/, https://other.example` });
  await addPaymentAccount(t);
});
afterAll(() => t.close());

const LISTS = ['/api/v1/Order', '/api/v1/Order/notification-list', '/API/V1/order/Notification-List?pageSize=100000'];

describe('order and notification lists without credentials', () => {
  it('answer an anonymous visitor with an empty page and 200, never data', async () => {
    const { packageId } = await createCatalog(t, { title: 'Anon Game' }, { title: 'Gems', price: 100 });
    const form = multipart(
      { inGameUserId: 'p1', mobileNumber: '09123456789', tokenPackageId: packageId, transactionNumber: '654321' },
      { file_ScreenShot: { data: await png() } },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/Order', payload: form.payload, headers: form.headers })).statusCode).toBe(
      201,
    );
    for (const url of LISTS) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const page = body<{ items: unknown[]; paging: { totalCount: number } }>(res).payLoad;
      expect(page.items, url).toEqual([]);
      expect(page.paging.totalCount, url).toBe(0);
    }
    // The admin sees the order.
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/Order', headers: t.auth });
    expect(body<{ paging: { totalCount: number } }>(admin).payLoad.paging.totalCount).toBeGreaterThan(0);
  });

  it('still answer 401 to a bad, expired or tampered token and to a stale session cookie, so the refresh rule runs', async () => {
    const claims = JSON.parse(Buffer.from(t.tokens.accessToken.split('.')[1]!, 'base64url').toString());
    const expired = await t.app.ctx.tokens.signAccess(claims, -60);
    const tampered = t.tokens.accessToken.slice(0, -3) + (t.tokens.accessToken.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const url of LISTS) {
      for (const headers of [
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${tampered}` },
        { authorization: 'Bearer garbage' },
        { authorization: '' },
        { cookie: `topup_hub_session=${expired}` },
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
      }
    }
  });
});

describe('CORS', () => {
  it('lets a listed origin preflight every method and header the API uses, with credentials and a max age', async () => {
    for (const method of ['PUT', 'DELETE', 'POST']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/Order/isRead/00000000-0000-4000-8000-000000000000',
        headers: {
          origin: SHOP_UI,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,accept-language',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP_UI);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      );
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThanOrEqual(60);
    }
    const real = await t.app.inject({ method: 'GET', url: '/api/v1/Game', headers: { origin: SHOP_UI } });
    expect(real.headers['access-control-allow-origin']).toBe(SHOP_UI);
    expect(real.headers['access-control-allow-credentials']).toBe('true');
  });

  it('says nothing to an origin that is not listed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/Game',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('with *, lets any origin read without credentials, and listed ones with them', async () => {
    const open = await buildTestApp({ CORS_ORIGINS: `*,${SHOP_UI}` });
    try {
      const any = await open.app.inject({ method: 'GET', url: '/api/v1/Game', headers: { origin: 'https://anyone.example' } });
      expect(any.headers['access-control-allow-origin']).toBe('*');
      expect(any.headers['access-control-allow-credentials']).toBeUndefined();
      const listed = await open.app.inject({ method: 'GET', url: '/api/v1/Game', headers: { origin: SHOP_UI } });
      expect(listed.headers['access-control-allow-origin']).toBe(SHOP_UI);
      expect(listed.headers['access-control-allow-credentials']).toBe('true');
    } finally {
      await open.close();
    }
  });
});

describe('images for other origins', () => {
  it('serves catalog images and their sizes with Cross-Origin-Resource-Policy: cross-origin, signed screenshots too', async () => {
    const form = multipart(
      { title: 'Image Game', orderIndex: 1, serverType: 'NONE', isDisable: 'False' },
      { file_Logo: { data: await png(300, 300) }, file_GameProfileImage: { data: await png(120, 120) } },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Game',
      payload: form.payload,
      headers: { ...form.headers, ...t.auth },
    });
    expect(created.statusCode).toBe(201);
    const logo = body<{ logo: string }>(created).payLoad.logo;
    const image = await t.app.inject({ method: 'GET', url: logo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const name = logo.split('/').pop()!;
    const variant = await t.app.inject({ method: 'GET', url: `/img/160/${name}` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const orders = await t.app.inject({ method: 'GET', url: '/api/v1/Order', headers: t.auth });
    const screenshot = body<{ items: Array<{ screenShot: string | null }> }>(orders).payLoad.items[0]!.screenShot!;
    const private_ = await t.app.inject({ method: 'GET', url: screenshot.replace(/^https?:\/\/[^/]+/, '') });
    expect(private_.statusCode).toBe(200);
    // The signature is the protection: a dashboard on another origin may show the receipt.
    expect(private_.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('hub session cookie', () => {
  const cookieOf = (headers: Record<string, unknown>) =>
    [headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('topup_hub_session='));

  it('is set HttpOnly, SameSite=Lax, on the hub path for the sign-in session’s lifetime by sign-in and refresh; sign-out clears it', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: ADMIN, remoteAddress: '10.7.0.1' });
    const set = cookieOf(login.headers)!;
    const { refreshToken } = body<{ accessToken: string; refreshToken: string }>(login).payLoad;
    // A hub-only token for the session (30 days), not the 15-minute access token.
    const shape = /^topup_hub_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/dashboard; Max-Age=(\d+); HttpOnly; SameSite=Lax$/;
    expect(set).toMatch(shape);
    expect(Number(shape.exec(set)![1])).toBeGreaterThan(29 * 24 * 3600);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });
    const renewed = body<{ accessToken: string }>(refreshed).payLoad.accessToken;
    expect(cookieOf(refreshed.headers)).toMatch(shape);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Logout', headers: { authorization: `Bearer ${renewed}` } });
    expect(logout.statusCode).toBe(200);
    expect(cookieOf(logout.headers)).toBe('topup_hub_session=; Path=/dashboard; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('is Secure when the shop is served over https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const login = await https.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: ADMIN, remoteAddress: '10.7.0.2' });
      expect(cookieOf(login.headers)).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('opens the hub’s negotiate from the shop itself and listed origins, never from another site', async () => {
    const cookie = `topup_hub_session=${t.tokens.accessToken}`;
    const negotiate = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/dashboard/negotiate?negotiateVersion=1', headers: { cookie, ...headers } });
    expect((await negotiate({})).statusCode).toBe(200);
    expect((await negotiate({ origin: SHOP_UI })).statusCode).toBe(200);
    expect((await negotiate({ host: 'localhost:80', origin: 'http://localhost:80' })).statusCode).toBe(200);
    const evil = await negotiate({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(body(evil).code).toBe('originNotAllowed');
    // A token given explicitly is not a cookie: no Origin rule (the token can't be sent by another site by itself).
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/dashboard/negotiate?negotiateVersion=1',
      headers: { authorization: `Bearer ${t.tokens.accessToken}`, origin: 'https://evil.example' },
    });
    expect(bearer.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dashboard/negotiate?negotiateVersion=1',
          headers: { cookie: 'topup_hub_session=nope' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
