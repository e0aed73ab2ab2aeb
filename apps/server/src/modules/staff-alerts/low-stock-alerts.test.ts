// Low-stock alerts end to end through the tests' own push service: buyers take codes of a code package until its
// available stock falls below the owner's threshold; every owner's device then gets one push in its owner's language
// that opens the package's code stock page, and staff's devices get none. Further orders while it stays low alert
// nobody; once codes are added back to the threshold and it falls again, owners hear of it once more. A package
// restocked before its alert leaves is not alerted about. No push carries a code.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, login, multipart, png, type TestApp } from '../../../test/helpers.ts';
import { sleep, waitFor } from '../../realtime/hub.fixtures.ts';
import { createGame, createPackage, orderFields } from '../orders/orders.fixtures.ts';
import { register } from '../auth/auth.service.ts';
import { startPushService, type PushService, type TestDevice } from './push-service.fixtures.ts';

const MYANMAR = /[\u1000-\u109F]/;
let t: TestApp;
let push: PushService;
let gameId: string;
let ownerEn: TestDevice;
let ownerMm: TestDevice;
let staffDevice: TestDevice;
/** Every code put into stock here: none may be in a push. */
const allCodes: string[] = [];

const lowStockPushes = (device: TestDevice, packageId?: string) =>
  push.received.filter(
    (r) => `${push.base}${r.path}` === device.endpoint && r.payload.kind === 'lowStock' && (!packageId || r.payload.orderId === packageId),
  );

/** A person of the shop with one device subscribed, speaking `language`. */
async function person(role: 'owner' | 'staff', language: 'en' | 'mm', path: string): Promise<TestDevice> {
  const email = `${role}-${language}-${randomUUID().slice(0, 6)}@test.local`;
  const password = `${language}-password-123`;
  await register(t.app.ctx, { email, password, role });
  const auth = { authorization: `Bearer ${(await login(t.app, email, password)).accessToken}` };
  await t.app.inject({ method: 'PUT', url: '/api/v1/User/language', headers: auth, payload: { language } });
  const device = push.device(path);
  const sub = await t.app.inject({ method: 'POST', url: '/api/v1/Push/Subscription', headers: auth, payload: device.subscription });
  if (sub.statusCode !== 200) throw new Error(`subscribe failed: ${sub.body}`);
  return device;
}

async function setThreshold(packageId: string, threshold: number): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/TokenPackage/${packageId}/Delivery`,
    headers: t.auth,
    payload: { isCodeProduct: true, deliveryMode: 'STAFF', redeemInstructions: { mm: '', en: '' }, lowStockThreshold: threshold },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A code package with `codes` in stock, then its threshold (an empty package with a threshold is low at once). */
async function codePackage(title: string, codes: number, threshold: number): Promise<string> {
  const packageId = await createPackage(t, gameId, { title, canAddQuantity: true, price: 5000 });
  await setThreshold(packageId, 0);
  await addCodes(packageId, codes);
  await setThreshold(packageId, threshold);
  return packageId;
}

async function addCodes(packageId: string, n: number): Promise<void> {
  const codes = Array.from({ length: n }, () => `STEAM-${randomUUID().slice(0, 8).toUpperCase()}`);
  allCodes.push(...codes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/CodeStock/${packageId}/Codes`,
    headers: t.auth,
    payload: { text: codes.join('\n') },
  });
  expect(res.statusCode, res.body).toBe(200);
}

let txn = 300000;
async function buy(packageId: string, quantity: number): Promise<string> {
  const form = multipart(orderFields(packageId, { quantity: String(quantity), transactionNumber: String(txn++) }), {
    file_ScreenShot: { data: await png() },
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).payLoad.id;
}

/** The low-stock check runs after the order's commit, on its own: give it time, then send what is due. */
async function settle(): Promise<void> {
  await sleep(400);
  await t.app.ctx.staffAlerts.sendDue();
}

beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp(
    {},
    { build: { paymentNoticeSweepMs: 0, staffAlerts: { allowLoopbackHttp: true, pollMs: 100, lateScanMs: 3_600_000, retryBaseMs: 100 } } },
  );
  gameId = await createGame(t, { title: 'Steam Wallet' });
  ownerEn = await person('owner', 'en', '/owner-en');
  ownerMm = await person('owner', 'mm', '/owner-mm');
  staffDevice = await person('staff', 'en', '/staff-en');
});

afterAll(async () => {
  // Whatever was pushed in this file (every kind), no code in it.
  const pushed = JSON.stringify(push?.received.map((r) => r.payload) ?? []);
  for (const code of allCodes) expect(pushed.includes(code), `${code} was pushed`).toBe(false);
  await t?.close();
  await push?.close();
});

describe('low-stock alerts', () => {
  it("pushes to owners once when stock falls below the threshold, in each owner's language, opening the package", async () => {
    const packageId = await codePackage('$20 card', 6, 3);
    await buy(packageId, 2); // 4 left
    await buy(packageId, 1); // 3 left: at the threshold, not below it
    await settle();
    expect(lowStockPushes(ownerEn, packageId)).toEqual([]);

    await buy(packageId, 1); // 2 left: below
    await waitFor(() => lowStockPushes(ownerEn, packageId).length >= 1 && lowStockPushes(ownerMm, packageId).length >= 1, 'both pushes');
    expect(push.rejected).toEqual([]);
    expect(lowStockPushes(ownerEn, packageId)[0]!.payload).toEqual({
      kind: 'lowStock',
      orderId: packageId,
      title: 'Low stock: Steam Wallet – $20 card',
      body: '2 codes left (warning below 3) · add codes',
      url: `/dashboard/code-stock/${packageId}`,
      tag: `lowStock:${packageId}`,
    });
    const mm = lowStockPushes(ownerMm, packageId)[0]!.payload;
    expect(mm.title).toMatch(MYANMAR);
    expect(mm.title).toContain('$20 card');
    expect(mm.body).toContain('၂');
    expect(mm.body).toContain('၃');
    expect(mm.url).toBe(`/dashboard/code-stock/${packageId}`);

    // Still low: more orders alert nobody again.
    await buy(packageId, 1); // 1 left
    await buy(packageId, 1); // 0 left
    await settle();
    expect(lowStockPushes(ownerEn, packageId)).toHaveLength(1);
    expect(lowStockPushes(ownerMm, packageId)).toHaveLength(1);
    // Staff neither add codes nor get the warning.
    expect(lowStockPushes(staffDevice)).toEqual([]);

    // Back to the threshold, then below it again: a new fall, a new alert.
    await addCodes(packageId, 3); // 3
    await settle();
    expect(lowStockPushes(ownerEn, packageId)).toHaveLength(1);
    await buy(packageId, 1); // 2
    await waitFor(() => lowStockPushes(ownerEn, packageId).length === 2 && lowStockPushes(ownerMm, packageId).length === 2, 'second fall');
    await settle();
    expect(lowStockPushes(ownerEn, packageId)).toHaveLength(2);
    expect(lowStockPushes(staffDevice)).toEqual([]);
  });

  it('warns about nothing for a package without a threshold, or one restocked before the alert leaves', async () => {
    const noThreshold = await codePackage('No threshold', 1, 0);
    await buy(noThreshold, 1);
    await settle();
    expect(lowStockPushes(ownerEn, noThreshold)).toEqual([]);

    // Low as soon as its threshold is set: alerted. Then an alert that finds it restocked when it leaves is dropped.
    const restocked = await codePackage('Restocked', 1, 2);
    await waitFor(() => lowStockPushes(ownerEn, restocked).length === 1, 'the alert of a low package');
    await addCodes(restocked, 5);
    await t.app.ctx.staffAlerts.alertLowStock(restocked);
    await settle();
    expect(lowStockPushes(ownerEn, restocked)).toHaveLength(1);
    const rows = await t.app.ctx.db
      .selectFrom('staff_alert_deliveries')
      .select('state')
      .where('order_id', '=', restocked)
      .where('kind', '=', 'lowStock')
      .execute();
    expect(rows.map((r) => r.state).sort()).toEqual(['dropped', 'dropped']);
  });
});
