// Staff alerts end to end through a push service of the test's own on loopback: devices subscribe with their own
// P-256 keys and auth secrets, an order is placed, the push arrives VAPID-signed and is decrypted (RFC 8291) here,
// and its text is checked in each person's language. Also: validation, a 410 forgetting the device, retries,
// preferences and quiet hours, late orders, and alerts about opened orders left unsent.
// The screenshot check itself is paused in this suite (OCR takes seconds; its own suites run it): the check's verdict
// event is emitted as the check emits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  body,
  buildTestApp,
  login,
  orderRow,
  png,
  putShopSettings,
  shopSettingsFields,
  type TestApp,
} from '../../../test/helpers.ts';
import { createPackage, placeOrder, sleep, waitFor } from '../../realtime/hub.fixtures.ts';
import { inQuietHours, minutesOfDay } from './staff-alerts.service.ts';
import { startPushService, type PushService, type TestDevice } from './push-service.fixtures.ts';

const MYANMAR = /[\u1000-\u109F]/;
const FAST_ALERTS = { allowLoopbackHttp: true, pollMs: 100, lateScanMs: 3_600_000, retryBaseMs: 100, maxAttempts: 4 };
let t: TestApp;
let push: PushService;
let packageId: string;
const english = { email: 'alerts-en@test.local', password: 'english-password-1' };
const burmese = { email: 'alerts-mm@test.local', password: 'burmese-password-1' };
let enAuth: { authorization: string };
let mmAuth: { authorization: string };

const subscribe = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Push/Subscription', headers: auth, payload: payload as object });
const devicesOf = async (auth: Record<string, string>) =>
  body<Array<{ id: string; label: string; service: string }>>(
    await t.app.inject({ method: 'GET', url: '/api/v1/Push/Devices', headers: auth }),
  ).payLoad;
const pushesFor = (device: TestDevice) => push.received.filter((r) => `${push.base}${r.path}` === device.endpoint);

async function staff(account: { email: string; password: string }, language: 'en' | 'mm') {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: account });
  if (res.statusCode >= 300) throw new Error(`register failed: ${res.body}`);
  const auth = { authorization: `Bearer ${(await login(t.app, account.email, account.password)).accessToken}` };
  await t.app.inject({ method: 'PUT', url: '/api/v1/User/language', headers: auth, payload: { language } });
  return auth;
}

beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp({}, { build: { staffAlerts: FAST_ALERTS } });
  packageId = await createPackage(t, 'Diamonds');
  enAuth = await staff(english, 'en');
  mmAuth = await staff(burmese, 'mm');
  // The owner signed in at start gets no alerts unless they subscribe: not in these tests.
  void ADMIN;
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('subscribing a device', () => {
  it('gives signed-in staff the VAPID public key, nobody else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Push/VapidPublicKey', headers: enAuth });
    expect(body<{ publicKey: string }>(res).payLoad.publicKey).toBe(t.config.vapid.publicKey);
    expect(Buffer.from(t.config.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Push/VapidPublicKey' })).statusCode).toBe(401);
  });

  it('refuses what is not a browser push subscription, naming the field, and stores nothing', async () => {
    const good = push.device('/refused').subscription;
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://10.0.0.5/x' }, 'endpoint'],
      [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, 'endpoint'],
      [{ ...good, endpoint: 'javascript:alert(1)' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [payload, field] of cases) {
      const res = await subscribe(enAuth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(body(res).errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await devicesOf(enAuth)).toEqual([]);
    expect((await subscribe({}, good)).statusCode).toBe(401);
  });
});

describe('alerts', () => {
  let enDevice: TestDevice;
  let mmDevice: TestDevice;

  it("sends a new order to every subscribed device, encrypted for it, in its owner's language, and opens the order", async () => {
    enDevice = push.device('/en-phone');
    mmDevice = push.device('/mm-phone');
    const res = await subscribe(enAuth, { ...enDevice.subscription, label: 'Android · Chrome' });
    expect(res.statusCode).toBe(200);
    expect(body(res).payLoad).toMatchObject({ label: 'Android · Chrome', service: '127.0.0.1' });
    expect((await subscribe(mmAuth, mmDevice.subscription)).statusCode).toBe(200);
    expect(await devicesOf(enAuth)).toHaveLength(1);

    const order = await placeOrder(t, packageId, 'alert-1');
    await waitFor(() => pushesFor(enDevice).length >= 1 && pushesFor(mmDevice).length >= 1, 'both pushes');
    expect(push.rejected).toEqual([]);
    const en = pushesFor(enDevice)[0]!;
    expect(en.vapidKey).toBe(t.config.vapid.publicKey);
    expect(en.headers.ttl).toBeDefined();
    expect(en.payload).toMatchObject({
      kind: 'newOrder',
      orderId: order.id,
      url: `/dashboard/order-detail/${order.id}`,
      tag: `newOrder:${order.id}`,
    });
    expect(en.payload.title).toBe(`New order ${order.code}`);
    expect(en.payload.body).toBe('Hub Test Game · 1,500 MMK · just now');
    const mm = pushesFor(mmDevice)[0]!;
    expect(mm.payload.title).toContain(order.code!);
    expect(mm.payload.title).toMatch(MYANMAR);
    expect(mm.payload.body).toContain('၁,၅၀၀ MMK');
    // One each, however long we wait.
    await sleep(400);
    expect(pushesFor(enDevice)).toHaveLength(1);
    const devices = await devicesOf(enAuth);
    expect(devices[0]).toHaveProperty('lastSentAt');
  });

  it('alerts about a screenshot that does not match or was reused, once per order', async () => {
    const order = await placeOrder(t, packageId, 'alert-check');
    await waitFor(() => pushesFor(enDevice).some((p) => p.payload.orderId === order.id), 'the new-order push');
    t.app.ctx.events.orderVerdict({ orderId: order.id, verdict: 'mismatch', isDuplicate: false });
    await waitFor(() => pushesFor(enDevice).some((p) => p.payload.kind === 'checkProblem'), 'the check push');
    const check = pushesFor(enDevice).find((p) => p.payload.kind === 'checkProblem')!;
    expect(check.payload.title).toBe(`Screenshot does not match: ${order.code}`);
    // A second problem with the same order (reuse found later) is the same kind of alert: not sent again.
    t.app.ctx.events.orderVerdict({ orderId: order.id, verdict: 'mismatch', isDuplicate: true });
    await sleep(400);
    expect(pushesFor(enDevice).filter((p) => p.payload.kind === 'checkProblem')).toHaveLength(1);
  });

  it('does not alert about an order someone already opened', async () => {
    const opened = orderRow({ code: 'OPENED1', is_read: 1 });
    await t.app.ctx.db.insertInto('orders').values(opened).execute();
    const before = push.received.length;
    await t.app.ctx.staffAlerts.alertOrder(opened.id, 'newOrder');
    await sleep(300);
    expect(push.received.length).toBe(before);
    const rows = await t.app.ctx.db.selectFrom('staff_alert_deliveries').select('state').where('order_id', '=', opened.id).execute();
    expect(rows.map((r) => r.state)).toEqual(['dropped', 'dropped']);
  });

  it("alerts once about an order nobody took when the owners' share of the promise has passed", async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/v1/Push/ShopAlerts', headers: enAuth, payload: { lateAtPercent: 50 } })).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/Push/ShopAlerts', headers: t.auth, payload: { lateAtPercent: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})).toEqual(['lateAtPercent']);
    const set = await t.app.inject({ method: 'PUT', url: '/api/v1/Push/ShopAlerts', headers: t.auth, payload: { lateAtPercent: 50 } });
    expect(body(set).payLoad).toEqual({ lateAtPercent: 50 });
    // The default promise is 3 minutes: half of it is 90 s.
    const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    const late = orderRow({ code: 'LATE001', game_title: 'Late Game', created_at: ago(100) });
    const lateButOpened = orderRow({ code: 'LATE002', created_at: ago(100), is_read: 1 });
    const early = orderRow({ code: 'EARLY01', created_at: ago(30) });
    const done = orderRow({ code: 'DONE001', created_at: ago(100), status: 'COMPLETED' });
    await t.app.ctx.db.insertInto('orders').values([late, lateButOpened, early, done]).execute();
    await t.app.ctx.staffAlerts.scanLateOrders();
    await t.app.ctx.staffAlerts.scanLateOrders();
    await waitFor(() => pushesFor(enDevice).some((p) => p.payload.kind === 'lateOrder'), 'the late push');
    await sleep(300);
    const lates = pushesFor(enDevice).filter((p) => p.payload.kind === 'lateOrder');
    expect(lates.map((p) => p.payload.orderId)).toEqual([late.id]);
    expect(lates[0]!.payload.title).toBe('Order LATE001 is about to be late');
    expect(lates[0]!.payload.body).toBe('Late Game · 1,000 MMK · 1 min ago');
  });

  it("keeps to each person's choice of alerts and quiet hours", async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Push/Preferences',
      headers: mmAuth,
      payload: { newOrder: true, lateOrder: true, checkProblem: true, quietHours: { start: '25:00', end: '06:00' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})[0]).toMatch(/^quietHours/);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Push/Preferences',
      headers: mmAuth,
      payload: { newOrder: false, lateOrder: true, checkProblem: true, quietHours: null },
    });
    expect(body(off).payLoad).toEqual({ newOrder: false, lateOrder: true, checkProblem: true, unmatchedPayment: true, quietHours: null });
    // Quiet from now for an hour, in the shop's time zone.
    const now = minutesOfDay(Date.now(), 'Asia/Yangon');
    const hhmm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const quietHours = { start: hhmm(now), end: hhmm(now + 60) };
    expect(inQuietHours(now, quietHours)).toBe(true);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Push/Preferences',
      headers: enAuth,
      payload: { newOrder: true, lateOrder: true, checkProblem: true, quietHours },
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/Push/Preferences', headers: enAuth });
    expect(body(read).payLoad).toMatchObject({ quietHours });

    const before = push.received.length;
    const order = await placeOrder(t, packageId, 'alert-quiet');
    await sleep(500);
    expect(push.received.length).toBe(before);
    expect(await t.app.ctx.db.selectFrom('staff_alert_deliveries').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    for (const auth of [enAuth, mmAuth]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/Push/Preferences',
        headers: auth,
        payload: { newOrder: true, lateOrder: true, checkProblem: true, quietHours: null },
      });
    }
  });

  it('retries a push service that fails with backoff, without holding up the order', async () => {
    push.answer('/en-phone', 503);
    const started = Date.now();
    const order = await placeOrder(t, packageId, 'alert-retry');
    expect(Date.now() - started).toBeLessThan(5000);
    const attemptsOf = async () =>
      (
        await t.app.ctx.db
          .selectFrom('staff_alert_deliveries')
          .select('attempts')
          .where('order_id', '=', order.id)
          .where('subscription_id', '=', (await devicesOf(enAuth))[0]!.id)
          .executeTakeFirst()
      )?.attempts ?? 0;
    for (let i = 0; i < 100 && (await attemptsOf()) < 2; i++) await sleep(50);
    expect(await attemptsOf()).toBeGreaterThanOrEqual(2);
    push.answer('/en-phone', 201);
    await waitFor(() => pushesFor(enDevice).some((p) => p.payload.orderId === order.id), 'the retried push');
    expect(pushesFor(enDevice).filter((p) => p.payload.orderId === order.id)).toHaveLength(1);
  });

  it('forgets a device whose push service answers 410 Gone, and lets a person remove their own devices only', async () => {
    push.answer('/mm-phone', 410);
    await placeOrder(t, packageId, 'alert-gone');
    for (let i = 0; i < 100 && (await devicesOf(mmAuth)).length > 0; i++) await sleep(50);
    expect(await devicesOf(mmAuth)).toEqual([]);

    const [enOwn] = await devicesOf(enAuth);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/Push/Devices/${enOwn!.id}`, headers: mmAuth })).statusCode).toBe(404);
    expect(await devicesOf(enAuth)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/Push/Devices/${enOwn!.id}`, headers: enAuth })).statusCode).toBe(200);
    expect(await devicesOf(enAuth)).toEqual([]);

    const again = push.device('/en-laptop');
    await subscribe(enAuth, again.subscription);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/Push/Subscription',
      headers: enAuth,
      payload: { endpoint: again.endpoint },
    });
    expect(del.statusCode).toBe(200);
    expect(await devicesOf(enAuth)).toEqual([]);
  });
});

describe('a removed staff member', () => {
  it('takes their devices along: no alert reaches a phone of someone who left', async () => {
    const leaver = await staff({ email: 'leaver@test.local', password: 'leaver-password-1' }, 'en');
    const phone = push.device('/leaver-phone');
    const saved = await subscribe(leaver, phone.subscription);
    expect(saved.statusCode).toBe(200);
    const me = body<{ id: string }>(await t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: leaver })).payLoad;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/User/${me.id}`, headers: t.auth })).statusCode).toBe(200);
    expect(await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', phone.endpoint).execute()).toEqual([]);
  });
});

describe('the dashboard as an app', () => {
  it("serves a manifest with the shop's name, scoped to the dashboard, with icons drawn from the shop settings", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json() as {
      name: string;
      scope: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    const shop = await t.app.inject({ method: 'GET', url: '/api/v1/ShopSettings' });
    expect(manifest).toMatchObject({
      name: body<{ shopName: string }>(shop).payLoad.shopName,
      scope: '/dashboard',
      start_url: '/dashboard',
      display: 'standalone',
    });
    for (const icon of manifest.icons) {
      const png = await t.app.inject({ method: 'GET', url: icon.src });
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      // PNG: width and height at bytes 16 and 20 of the IHDR chunk.
      expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([side, side]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dashboard-icon-100.png' })).statusCode).toBe(400);

    // The owner's logo becomes the icon, and the new name the app's.
    const initialIcon = (await t.app.inject({ method: 'GET', url: '/dashboard-icon-192.png' })).rawPayload;
    const saved = await putShopSettings(t.app, t.auth, shopSettingsFields({ shopName: 'Golden Top-up' }), {
      file_Logo: { data: await png(300, 120, '#ff0000') },
    });
    expect(saved.statusCode).toBe(200);
    const renamed = (await t.app.inject({ method: 'GET', url: '/dashboard.webmanifest' })).json() as {
      name: string;
      icons: Array<{ src: string }>;
    };
    expect(renamed.name).toBe('Golden Top-up');
    const logoIcon = await t.app.inject({ method: 'GET', url: renamed.icons[0]!.src });
    expect(logoIcon.rawPayload.readUInt32BE(16)).toBe(192);
    expect(logoIcon.rawPayload.equals(initialIcon)).toBe(false);
  });
});
