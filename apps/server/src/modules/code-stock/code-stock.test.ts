// Codes from stock, end to end through the API on a real database: owners add codes (paste, CSV), see stock and
// reveal a code (recorded); a code package is bought N codes at a time or refused when stock is short (both
// languages); completing by hand delivers them to the buyer's private page, cancelling gives them back; a completion
// that finds too few waits for staff. Orders of packages set to complete automatically complete the moment a wallet
// notice confirms them, live on the buyer's stream, within the guardrails and the pause switch; a screenshot verdict
// alone never completes one. Throughout, every log line, CSV export, backplane (hub) message, web push payload and
// every API answer but the buyer's and the owner's reveal is searched for the codes: none may hold one.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CodeImportResultDto, CodeStockDto, RevealedCodeDto, StockCodeDto, CodeRevealDto } from '@topup/contract/code-stock';
import type { AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import type { Page } from '@topup/contract/envelope';
import type { PlacedOrderDto } from '@topup/contract/orders';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { TokenPackageDto } from '@topup/contract/token-packages';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { ADMIN, body, buildTestApp, login, multipart, png, type TestApp } from '../../../test/helpers.ts';
import { createGame, createPackage, orderFields } from '../orders/orders.fixtures.ts';
import { deliver, registerPhone, smsReceived, type Phone } from '../payment-phones/payment-phones.fixtures.ts';
import { openBuyerStream } from '../order-tracking/tracking.fixtures.ts';
import { register } from '../auth/auth.service.ts';

let t: TestApp;
let base: string;
let phone: Phone;
let gameId: string;
let staff: Record<string, string>;
/** Everything that must never hold a code: log lines, backplane messages, answers (but the allowed ones), exports. */
const logLines: string[] = [];
const published: string[] = [];
const answers: string[] = [];
/** Every code this file put into stock. */
const allCodes: string[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    // Every line the server writes, requests included (production logs at info).
    { LOG_LEVEL: 'trace' },
    { build: { paymentNoticeSweepMs: 0, logger: true, logStream: { write: (line) => void logLines.push(line) } } },
  );
  t.app.ctx.fanOut.receive({ message: (m) => void published.push(JSON.stringify(m)) });
  t.app.ctx.events.onStaffChanges((e) => void published.push(JSON.stringify(e)));
  phone = await registerPhone(t);
  gameId = await createGame(t, { title: 'Vouchers' });
  await register(t.app.ctx, { email: 'staff@shop.test', password: 'staff-password-1', role: 'staff' });
  staff = { authorization: `Bearer ${(await login(t.app, 'staff@shop.test', 'staff-password-1')).accessToken}` };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The leak search: the whole run's logs, hub messages, every answer, and a CSV export of every order.
  const csv = await t.app.inject({ method: 'GET', url: '/api/v1/Order/Export', headers: t.auth });
  expect(csv.statusCode).toBe(200);
  const haystacks = { logs: logLines.join('\n'), hub: published.join('\n'), answers: answers.join('\n'), csv: csv.body };
  expect(logLines.length).toBeGreaterThan(10);
  expect(allCodes.length).toBeGreaterThan(10);
  for (const [where, text] of Object.entries(haystacks))
    for (const code of allCodes) expect(text.includes(code), `${code} leaked into ${where}`).toBe(false);
  await t.close();
});

/** An API call whose answer joins the leak search (every answer but the buyer's page and an owner's reveal). */
async function call(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  answers.push(res.body);
  return res;
}

const freshCodes = (n: number, prefix = 'GPLAY') =>
  Array.from({ length: n }, () => {
    const code = `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`;
    allCodes.push(code);
    return code;
  });

async function codePackage(opts: { price?: number; auto?: boolean; threshold?: number; canAddQuantity?: boolean } = {}) {
  const packageId = await createPackage(t as never, gameId, { price: opts.price ?? 5000, canAddQuantity: opts.canAddQuantity ?? true });
  const res = await call({
    method: 'PUT',
    url: `/api/v1/TokenPackage/${packageId}/Delivery`,
    headers: t.auth,
    payload: {
      isCodeProduct: true,
      deliveryMode: opts.auto ? 'AUTO_ON_PAYMENT' : 'STAFF',
      redeemInstructions: { mm: 'Play Store တွင် ထည့်ပါ', en: 'Redeem in the Play Store' },
      lowStockThreshold: opts.threshold ?? 0,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return packageId;
}

async function addCodes(packageId: string, text: string) {
  const res = await call({ method: 'POST', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: t.auth, payload: { text } });
  expect(res.statusCode, res.body).toBe(200);
  return body<CodeImportResultDto>(res).payLoad;
}

const stock = async (packageId: string) =>
  body<CodeStockDto>(await call({ method: 'GET', url: `/api/v1/CodeStock/${packageId}`, headers: t.auth })).payLoad;

let seq = 100000;
const nextTxn = () => String(seq++);

async function buy(packageId: string, overrides: Record<string, string> = {}, language = 'en') {
  const form = multipart(orderFields(packageId, { transactionNumber: nextTxn(), ...overrides }), {
    file_ScreenShot: { data: await png() },
  });
  return call({ method: 'POST', url: '/api/v1/Order', headers: { ...form.headers, 'accept-language': language }, payload: form.payload });
}

async function bought(packageId: string, overrides: Record<string, string> = {}): Promise<PlacedOrderDto> {
  const res = await buy(packageId, overrides);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.paymentNotices.idle();
  return body<PlacedOrderDto>(res).payLoad;
}

async function setStatus(id: string, status: string, extra: Record<string, string> = {}) {
  const form = multipart({ orderStatus: status, ...extra }, {});
  return call({ method: 'PUT', url: `/api/v1/Order/${id}`, headers: { ...form.headers, ...t.auth }, payload: form.payload });
}

/** The buyer's page: not part of the leak search (it is where the codes belong). */
const tracked = async (o: PlacedOrderDto) =>
  body<TrackedOrderDto>(
    await t.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${o.code}?t=${encodeURIComponent(o.trackingToken!)}` }),
  ).payLoad;

const timeline = async (orderId: string) =>
  body<OrderEventDto[]>(await call({ method: 'GET', url: `/api/v1/Order/${orderId}/timeline`, headers: t.auth })).payLoad;

const orderStatus = async (orderId: string) =>
  body<{ status: string }>(await call({ method: 'GET', url: `/api/v1/Order/${orderId}`, headers: t.auth })).payLoad.status;

/** A wallet's notice that pays `amount` for the order with this transaction number, signed as the phone sends it. */
async function paid(transactionNumber: string, amount: number) {
  const text = `You have received ${amount.toLocaleString('en-US')} Ks from U Aung (09xxxxx1234). Trans ID: 0100345678${transactionNumber}. Balance 90,000 Ks`;
  const res = await deliver(t, phone, smsReceived(text));
  answers.push(res.body);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.paymentNotices.idle();
  await t.app.ctx.autoDelivery.idle();
}

async function settings(patch: Partial<AutoDeliverySettingsDto>) {
  const current = body<AutoDeliverySettingsDto>(
    await call({ method: 'GET', url: '/api/v1/AutoDelivery/Settings', headers: t.auth }),
  ).payLoad;
  const res = await call({
    method: 'PUT',
    url: '/api/v1/AutoDelivery/Settings',
    headers: t.auth,
    payload: {
      paused: current.paused,
      maxOrderAmount: current.maxOrderAmount,
      maxPerPhonePerDay: current.maxPerPhonePerDay,
      maxPerDay: current.maxPerDay,
      ...patch,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<AutoDeliverySettingsDto>(res).payLoad;
}

describe('code stock', () => {
  it('adds codes by paste and CSV, leaves out repeats, bad and past expiries, and counts stock', async () => {
    const packageId = await codePackage();
    const [a, b, c] = freshCodes(3);
    const pasted = await addCodes(packageId, `${a}\n\n${b}\t1234-PIN\n${a}\n`);
    expect(pasted.added).toBe(2);
    expect(pasted.skipped).toEqual([{ line: 4, problem: 'duplicate' }]);
    const [d, e] = freshCodes(2);
    const csv = await addCodes(
      packageId,
      `code,pin,expiry\r\n"${c}",SER-1,2099-12-31\r\n${d},,2001-01-01\r\n${e},,2099-02-30\r\n${b},,\r\n`,
    );
    expect(csv.added).toBe(1);
    expect(csv.skipped).toEqual([
      { line: 3, problem: 'expired' },
      { line: 4, problem: 'badExpiry' },
      { line: 5, problem: 'alreadyInStock' },
    ]);
    expect(csv.stock).toMatchObject({ available: 3, reserved: 0, delivered: 0, expired: 0 });

    const list = body<Page<StockCodeDto>>(
      await call({ method: 'GET', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: t.auth }),
    ).payLoad;
    expect(list.items).toHaveLength(3);
    expect(list.items.every((i) => i.maskedCode.startsWith('••••') && i.state === 'available')).toBe(true);
    // Stored encrypted: the database holds no code in clear.
    const rows = await t.app.ctx.db.selectFrom('stock_codes').selectAll().where('package_id', '=', packageId).execute();
    for (const row of rows) for (const code of [a, b, c]) expect(JSON.stringify(row).includes(code!)).toBe(false);
  });

  it('lets only owners add, list and reveal codes; every reveal is recorded', async () => {
    const packageId = await codePackage();
    const [code] = freshCodes(1);
    await addCodes(packageId, `${code},PIN-77`);
    const [item] = body<Page<StockCodeDto>>(await call({ method: 'GET', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: t.auth }))
      .payLoad.items;
    expect((await call({ method: 'GET', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: staff })).statusCode).toBe(403);
    expect(
      (await call({ method: 'POST', url: `/api/v1/CodeStock/${packageId}/Codes`, headers: staff, payload: { text: 'X' } })).statusCode,
    ).toBe(403);
    expect((await call({ method: 'POST', url: `/api/v1/CodeStock/Codes/${item!.id}/Reveal`, headers: staff })).statusCode).toBe(403);
    expect((await call({ method: 'POST', url: `/api/v1/CodeStock/Codes/${item!.id}/Reveal` })).statusCode).toBe(401);
    // Staff may see the counts.
    expect((await call({ method: 'GET', url: `/api/v1/CodeStock/${packageId}`, headers: staff })).statusCode).toBe(200);

    const revealed = await t.app.inject({ method: 'POST', url: `/api/v1/CodeStock/Codes/${item!.id}/Reveal`, headers: t.auth });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(body<RevealedCodeDto>(revealed).payLoad).toEqual({ id: item!.id, code, pin: 'PIN-77' });
    const audit = body<Page<CodeRevealDto>>(await call({ method: 'GET', url: '/api/v1/CodeStock/Reveals', headers: t.auth })).payLoad;
    expect(audit.items[0]).toMatchObject({ codeId: item!.id, packageId, by: ADMIN.email, maskedCode: item!.maskedCode });
  });

  it('refuses a purchase the stock cannot cover, in both languages, and reserves N codes or none', async () => {
    const packageId = await codePackage();
    const empty = await buy(packageId);
    expect(empty.statusCode).toBe(409);
    expect(body(empty)).toMatchObject({ code: 'outOfStock', errorCodes: { tokenPackageId: ['outOfStock'] } });
    const mm = await buy(packageId, {}, 'my');
    expect(body<{ message: string }>(mm).message).toMatch(/[\u1000-\u109f]/);

    await addCodes(packageId, freshCodes(3).join('\n'));
    const packages = body<Page<TokenPackageDto>>(
      await call({ method: 'GET', url: `/api/v1/TokenPackage?gameId=${gameId}&pageSize=100` }),
    ).payLoad;
    expect(packages.items.find((p) => p.id === packageId)).toMatchObject({ isCodeProduct: true, availableQuantity: 3 });

    const tooMany = await buy(packageId, { quantity: '4' });
    expect(tooMany.statusCode).toBe(409);
    expect(body(tooMany)).toMatchObject({ code: 'notEnoughStock', errorCodes: { quantity: ['notEnoughStock'] } });
    expect(await stock(packageId)).toMatchObject({ available: 3, reserved: 0 });

    const order = await bought(packageId, { quantity: '2' });
    expect(await stock(packageId)).toMatchObject({ available: 1, reserved: 2 });
    expect((await tracked(order)).delivery).toMatchObject({ isCodeProduct: true, state: 'AWAITING_PAYMENT', codes: [] });
    // Cancelled: the two go back.
    expect((await setStatus(order.id, 'CANCELLED')).statusCode).toBe(200);
    expect(await stock(packageId)).toMatchObject({ available: 3, reserved: 0 });
  });

  it('delivers the codes when staff complete the order, to the buyer page only, live', async () => {
    const packageId = await codePackage();
    const codes = freshCodes(2);
    await addCodes(packageId, codes.map((c, i) => `${c},PIN-${i}`).join('\n'));
    const order = await bought(packageId, { quantity: '2' });
    const stream = openBuyerStream(base, order.code!, order.trackingToken!);
    await stream.waitFor(1);
    const done = await setStatus(order.id, 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    const frames = await stream.waitFor(2);
    stream.close();
    const live = frames[1]!.delivery!;
    expect(live.state).toBe('DELIVERED');
    expect(live.codes.map((c) => c.code).sort()).toEqual([...codes].sort());
    expect(live.redeemInstructions.en).toBe('Redeem in the Play Store');
    expect((await tracked(order)).delivery!.codes).toHaveLength(2);
    expect(await stock(packageId)).toMatchObject({ available: 0, reserved: 0, delivered: 2 });
    expect((await timeline(order.id)).find((e) => e.type === 'CODES_DELIVERED')).toMatchObject({
      actor: { email: ADMIN.email },
      data: { count: 2 },
    });
    // Anyone without the private link sees nothing.
    const wrong = await t.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${order.code}?t=not-the-token` });
    expect(wrong.statusCode).toBe(404);
  });

  it('never completes an order without its codes: a completion that finds too few is refused and changes nothing', async () => {
    // Placed while the package was not sold as codes; then it became one, with too little stock.
    const packageId = await createPackage(t as never, gameId, { price: 5000, canAddQuantity: true });
    const order = await bought(packageId, { quantity: '2' });
    await call({
      method: 'PUT',
      url: `/api/v1/TokenPackage/${packageId}/Delivery`,
      headers: t.auth,
      payload: { isCodeProduct: true, deliveryMode: 'STAFF' },
    });
    await addCodes(packageId, freshCodes(1).join('\n'));
    const refused = await setStatus(order.id, 'COMPLETED');
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'completionOutOfStock', errorCodes: { orderStatus: ['completionOutOfStock'] } });
    expect(await orderStatus(order.id)).toBe('PENDING');
    expect(await stock(packageId)).toMatchObject({ available: 1, reserved: 0, delivered: 0 });
    await addCodes(packageId, freshCodes(1).join('\n'));
    expect((await setStatus(order.id, 'COMPLETED')).statusCode).toBe(200);
    expect(await stock(packageId)).toMatchObject({ available: 0, delivered: 2 });
  });
});

describe('completing by itself', () => {
  it('completes a code order the moment the wallet notice confirms it, live on the buyer page, as the shop', async () => {
    await settings({ paused: false, maxOrderAmount: 100_000, maxPerPhonePerDay: 50, maxPerDay: 500 });
    const packageId = await codePackage({ auto: true });
    const [code] = freshCodes(1);
    await addCodes(packageId, code!);
    const txn = nextTxn();
    const order = await bought(packageId, { transactionNumber: txn, mobileNumber: '09790000001' });
    const stream = openBuyerStream(base, order.code!, order.trackingToken!);
    expect((await stream.waitFor(1))[0]!.delivery).toMatchObject({ state: 'AWAITING_PAYMENT', deliveryMode: 'AUTO_ON_PAYMENT' });
    await paid(txn, 5000);
    const frames = await stream.waitFor(3);
    stream.close();
    const last = frames.at(-1)!;
    expect(last).toMatchObject({ status: 'COMPLETED', paymentReceived: true });
    expect(last.delivery).toMatchObject({ state: 'DELIVERED', codes: [{ code, pin: null }] });
    const events = await timeline(order.id);
    const completed = events.find((e) => e.type === 'STATUS_CHANGED');
    expect(completed).toMatchObject({ actor: null, data: { to: 'COMPLETED', automatic: { amount: 5000, phoneName: 'Counter phone' } } });
    expect(events.find((e) => e.type === 'CODES_DELIVERED')).toMatchObject({ actor: null, data: { count: 1 } });
    // Staff heard it live like any change, marked as the shop's own.
    expect(published.some((m) => m.includes(order.id) && m.includes('"automatic":true'))).toBe(true);
  });

  it('shows "payment confirmed, delivering" for an automatic order that is not codes, and holds what a guardrail stops', async () => {
    const packageId = await createPackage(t as never, gameId, { price: 250_000 });
    await call({
      method: 'PUT',
      url: `/api/v1/TokenPackage/${packageId}/Delivery`,
      headers: t.auth,
      payload: { isCodeProduct: false, deliveryMode: 'AUTO_ON_PAYMENT' },
    });
    const txn = nextTxn();
    const order = await bought(packageId, { transactionNumber: txn, mobileNumber: '09790000002' });
    await paid(txn, 250_000);
    // Over the per-order maximum (100,000): it waits for staff, and the buyer knows the money arrived.
    expect(await orderStatus(order.id)).toBe('PENDING');
    expect((await tracked(order)).delivery).toMatchObject({ state: 'PAYMENT_CONFIRMED', isCodeProduct: false });
    expect((await timeline(order.id)).find((e) => e.type === 'AUTO_HELD')).toMatchObject({
      actor: null,
      data: { reasons: ['overOrderAmount'] },
    });
  });

  it('holds orders over the per-phone and daily limits, and everything while paused', async () => {
    const packageId = await codePackage({ auto: true, price: 1000 });
    await addCodes(packageId, freshCodes(6).join('\n'));
    const before = (await settings({})).completedToday;
    await settings({ maxPerPhonePerDay: 1, maxPerDay: before + 2 });
    const results: string[] = [];
    for (const mobileNumber of ['09791111111', '09791111111', '09792222222', '09793333333']) {
      const txn = nextTxn();
      const order = await bought(packageId, { transactionNumber: txn, mobileNumber });
      await paid(txn, 1000);
      results.push(await orderStatus(order.id));
      const held = (await timeline(order.id)).find((e) => e.type === 'AUTO_HELD');
      if (held) results.push(...(held.data as { reasons: string[] }).reasons);
    }
    expect(results).toEqual(['COMPLETED', 'PENDING', 'overPhoneDaily', 'COMPLETED', 'PENDING', 'overDailyTotal']);

    await settings({ maxPerPhonePerDay: null, maxPerDay: null });
    const pause = await call({ method: 'PUT', url: '/api/v1/AutoDelivery/Pause', headers: t.auth, payload: { paused: true } });
    expect(body<AutoDeliverySettingsDto>(pause).payLoad.paused).toBe(true);
    expect((await call({ method: 'PUT', url: '/api/v1/AutoDelivery/Pause', headers: staff, payload: { paused: false } })).statusCode).toBe(
      403,
    );
    const txn = nextTxn();
    const order = await bought(packageId, { transactionNumber: txn, mobileNumber: '09794444444' });
    await paid(txn, 1000);
    expect(await orderStatus(order.id)).toBe('PENDING');
    expect((await timeline(order.id)).find((e) => e.type === 'AUTO_HELD')!.data).toMatchObject({ reasons: ['paused'] });
    // Its codes stay reserved for it; staff complete it by hand and the codes go out then.
    expect((await setStatus(order.id, 'COMPLETED')).statusCode).toBe(200);
    expect((await tracked(order)).delivery!.codes).toHaveLength(1);
    await call({ method: 'PUT', url: '/api/v1/AutoDelivery/Pause', headers: t.auth, payload: { paused: false } });
  });

  it('holds a possible duplicate: another order with the same transaction number', async () => {
    const packageId = await codePackage({ auto: true, price: 1000 });
    await addCodes(packageId, freshCodes(2).join('\n'));
    const txn = nextTxn();
    await bought(packageId, { transactionNumber: txn, mobileNumber: '09795555555' });
    const second = await bought(packageId, { transactionNumber: txn, mobileNumber: '09795555556' });
    await paid(txn, 1000);
    // The notice matches neither alone (two orders carry the number), or one of them: none completes by itself.
    expect(await orderStatus(second.id)).toBe('PENDING');
  });

  it('never completes an order on a screenshot verdict alone', async () => {
    const packageId = await codePackage({ auto: true, price: 1000 });
    await addCodes(packageId, freshCodes(1).join('\n'));
    const order = await bought(packageId, { mobileNumber: '09796666666' });
    await t.app.ctx.db.updateTable('orders').set({ verdict: 'match' }).where('id', '=', order.id).execute();
    t.app.ctx.events.orderVerdict({ orderId: order.id, verdict: 'match', isDuplicate: false } as never);
    await t.app.ctx.autoDelivery.idle();
    expect(await orderStatus(order.id)).toBe('PENDING');
  });
});
