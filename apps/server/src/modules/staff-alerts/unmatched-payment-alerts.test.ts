// Alerts about money that arrived with no order, end to end: a signed wallet notice reaches the payment phone's
// webhook, no order takes it (none, or several of one amount), and every device whose owner wants it gets one push in
// its owner's language that opens the payments page. Money merely waiting for its order is announced only after a
// grace period (buyers pay first and place the order after); several candidates are announced at once. A notice that
// paid its order, money out, a person who turned the kind off, and the same notice announced again alert nobody (more).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentNoticeDto } from '@topup/contract/payment-phones';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { sleep, waitFor } from '../../realtime/hub.fixtures.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { deliver, registerPhone, smsReceived, type Phone } from '../payment-phones/payment-phones.fixtures.ts';
import { startPushService, type PushService, type TestDevice } from './push-service.fixtures.ts';

const MYANMAR = /[\u1000-\u109F]/;
let t: TestApp;
let push: PushService;
let phone: Phone;
let packageId: string;
let enAuth: { authorization: string };
let mmAuth: { authorization: string };
let enDevice: TestDevice;
let mmDevice: TestDevice;

const paymentPushes = (device: TestDevice) =>
  push.received.filter((r) => `${push.base}${r.path}` === device.endpoint && r.payload.kind === 'unmatchedPayment');

async function staff(email: string, language: 'en' | 'mm', path: string) {
  const password = `${language}-password-123`;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/Register', headers: t.auth, payload: { email, password } });
  if (res.statusCode >= 300) throw new Error(`register failed: ${res.body}`);
  const auth = { authorization: `Bearer ${(await login(t.app, email, password)).accessToken}` };
  await t.app.inject({ method: 'PUT', url: '/api/v1/User/language', headers: auth, payload: { language } });
  const device = push.device(path);
  const sub = await t.app.inject({ method: 'POST', url: '/api/v1/Push/Subscription', headers: auth, payload: device.subscription });
  if (sub.statusCode !== 200) throw new Error(`subscribe failed: ${sub.body}`);
  return { auth, device };
}

async function notice(text: string): Promise<PaymentNoticeDto> {
  const res = await deliver(t, phone, smsReceived(text));
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.paymentNotices.idle();
  const id = body<{ id: string }>(res).payLoad.id;
  const list = body<{ items: PaymentNoticeDto[] }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/PaymentNotice?pageSize=100', headers: t.auth }),
  ).payLoad;
  return list.items.find((n) => n.id === id)!;
}

async function order(transactionNumber: string): Promise<string> {
  const res = await placeOrder(t, orderFields(packageId, { transactionNumber }));
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.paymentNotices.idle();
  return body<{ id: string }>(res).payLoad.id;
}

/** The grace period of this app: short, so the tests can wait it out. */
const GRACE_MS = 1500;

/** Waits out the grace period and runs the scan the timer would run. */
async function afterGrace(): Promise<void> {
  await sleep(GRACE_MS + 50);
  await t.app.ctx.staffAlerts.scanWaitingPayments();
}

const setPreferences = (auth: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/Push/Preferences', headers: auth, payload });

beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp(
    {},
    {
      build: {
        paymentNoticeSweepMs: 0,
        staffAlerts: {
          allowLoopbackHttp: true,
          pollMs: 100,
          lateScanMs: 3_600_000,
          retryBaseMs: 100,
          maxAttempts: 4,
          unmatchedGraceMs: GRACE_MS,
        },
      },
    },
  );
  phone = await registerPhone(t);
  ({ packageId } = await createCatalog(t, {}, { price: 5000 }));
  ({ auth: enAuth, device: enDevice } = await staff('pay-en@test.local', 'en', '/pay-en'));
  ({ auth: mmAuth, device: mmDevice } = await staff('pay-mm@test.local', 'mm', '/pay-mm'));
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('alerts about money with no order', () => {
  it("sends money in that no order takes to every device once, in its owner's language, opening the payments page", async () => {
    const sent = Date.now();
    const n = await notice('You have received 7,500 Ks from U Aung (09xxxxx1234). Trans ID: 0100345678999001. Balance 90,000 Ks');
    expect(n).toMatchObject({ state: 'waiting', orderId: null, amount: 7500 });
    // Within the grace period its order may still come: nobody is disturbed yet. (Judged only when this scan ran within
    // the grace period: on a loaded machine the notice alone may take longer, and then the alert is due.)
    const scanned = Date.now();
    await t.app.ctx.staffAlerts.scanWaitingPayments();
    await sleep(300);
    if (scanned - sent < GRACE_MS) expect(paymentPushes(enDevice)).toEqual([]);
    await afterGrace();
    await waitFor(() => paymentPushes(enDevice).length >= 1 && paymentPushes(mmDevice).length >= 1, 'both payment pushes');
    expect(push.rejected).toEqual([]);
    const en = paymentPushes(enDevice)[0]!;
    expect(en.payload).toEqual({
      kind: 'unmatchedPayment',
      orderId: n.id,
      title: 'Money received with no order: 7,500 MMK',
      body: 'KBZPay · just now · open Payments to attach it to an order',
      url: '/dashboard/payments',
      tag: `unmatchedPayment:${n.id}`,
    });
    const mm = paymentPushes(mmDevice)[0]!;
    expect(mm.payload.title).toMatch(MYANMAR);
    expect(mm.payload.title).toContain('၇,၅၀၀');
    expect(mm.payload.body).toContain('KBZPay');

    // The same notice announced again (another decision, another instance's copy): nobody hears twice.
    t.app.ctx.events.paymentNotice({ notice: n });
    await t.app.ctx.staffAlerts.alertUnmatchedPayment(n);
    await sleep(400);
    expect(paymentPushes(enDevice)).toHaveLength(1);
    expect(paymentPushes(mmDevice)).toHaveLength(1);
  });

  it('alerts when only several candidates could take it, and never about money that paid its order or money out', async () => {
    await order('300001');
    await order('300002');
    const ambiguous = await notice('KBZPay: You have received 5,000 Ks from Daw Mya. Balance 1,000 Ks');
    expect(ambiguous.state).toBe('candidates');
    await waitFor(() => paymentPushes(enDevice).some((p) => p.payload.orderId === ambiguous.id), 'the candidates push');

    const paidOrder = await order('300777');
    const paid = await notice('You have received 5,000 Ks from U Hla. Trans ID: 0100345678300777. Balance 95,000 Ks');
    expect(paid).toMatchObject({ state: 'matched', orderId: paidOrder });
    const out = await notice('You have transferred 5,000 Ks to U Ba. Trans ID: 0100345678400001. Balance 85,000 Ks');
    expect(out.kind).not.toBe('incoming');
    await sleep(500);
    const about = (id: string) => push.received.filter((r) => r.payload.orderId === id);
    expect(about(paid.id)).toEqual([]);
    expect(about(out.id)).toEqual([]);
    const rows = await t.app.ctx.db
      .selectFrom('staff_alert_deliveries')
      .select('order_id')
      .where('kind', '=', 'unmatchedPayment')
      .execute();
    expect(rows.map((r) => r.order_id).sort()).toEqual(expect.arrayContaining([ambiguous.id]));
    expect(rows.some((r) => r.order_id === paid.id || r.order_id === out.id)).toBe(false);
  });

  it('alerts nobody about money whose order comes within the grace period', async () => {
    const n = await notice('You have received 6,300 Ks from Ko Zaw. Trans ID: 0100345678300654. Balance 50,000 Ks');
    expect(n.state).toBe('waiting');
    const price = await createCatalog(t, {}, { price: 6300 });
    const res = await placeOrder(t, orderFields(price.packageId, { transactionNumber: '300654' }));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.ctx.paymentNotices.idle();
    await afterGrace();
    await sleep(300);
    expect(push.received.filter((r) => r.payload.orderId === n.id)).toEqual([]);
  });

  it('drops an alert whose notice found its order before it was sent', async () => {
    const n = await notice('You have received 5,000 Ks from U Tun. Trans ID: 0100345678300888. Balance 99,000 Ks');
    await afterGrace();
    await waitFor(() => paymentPushes(enDevice).some((p) => p.payload.orderId === n.id), 'the first push');
    // A new device of the same person: its claim is written after the notice was attached by hand.
    const late = push.device('/pay-en-tablet');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/Push/Subscription', headers: enAuth, payload: late.subscription })).statusCode,
    ).toBe(200);
    const orderId = await order('300888');
    const after = body<{ items: PaymentNoticeDto[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/PaymentNotice?pageSize=100', headers: t.auth }),
    ).payLoad.items.find((x) => x.id === n.id)!;
    expect(after).toMatchObject({ state: 'matched', orderId });
    await t.app.ctx.staffAlerts.alertUnmatchedPayment(n); // the stale "waiting" copy, as a slow instance would hand it on
    await sleep(400);
    // (The earlier candidates notice of the same amount, decided again with this order, may reach it: that is another notice.)
    expect(paymentPushes(late).filter((p) => p.payload.orderId === n.id)).toEqual([]);
    expect(
      await t.app.ctx.db
        .selectFrom('staff_alert_deliveries')
        .select('state')
        .where('order_id', '=', n.id)
        .where(
          'subscription_id',
          'in',
          (await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', late.endpoint).execute()).map(
            (r) => r.id,
          ),
        )
        .execute(),
    ).toEqual([{ state: 'dropped' }]);
  });

  it("keeps to each person's switch, which older clients leave as it was", async () => {
    const off = await setPreferences(enAuth, {
      newOrder: true,
      lateOrder: true,
      checkProblem: true,
      unmatchedPayment: false,
      quietHours: null,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off).payLoad).toMatchObject({ unmatchedPayment: false });
    const older = await setPreferences(enAuth, { newOrder: true, lateOrder: true, checkProblem: true, quietHours: null });
    expect(body(older).payLoad).toMatchObject({ unmatchedPayment: false });
    const bad = await setPreferences(enAuth, {
      newOrder: true,
      lateOrder: true,
      checkProblem: true,
      unmatchedPayment: 'yes',
      quietHours: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body(bad).errors ?? {})).toContain('unmatchedPayment');
    expect(body(await t.app.inject({ method: 'GET', url: '/api/v1/Push/Preferences', headers: mmAuth })).payLoad).toMatchObject({
      unmatchedPayment: true,
    });

    const n = await notice('You have received 12,000 Ks from U Myint. Trans ID: 0100345678555001. Balance 80,000 Ks');
    await afterGrace();
    await waitFor(() => paymentPushes(mmDevice).some((p) => p.payload.orderId === n.id), 'the Burmese push');
    await sleep(300);
    expect(paymentPushes(enDevice).some((p) => p.payload.orderId === n.id)).toBe(false);
  });
});
