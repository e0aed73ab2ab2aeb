// Notices to orders, end to end through the API: a signed wallet message confirms the pending order whose total it
// equals and whose 6-digit number ends its transaction id (the order's timeline and the hub's event say so); a
// notice before its order waits and is matched when the order comes; two orders of one amount with no usable id are
// left to staff with the candidates; a number with another amount is "amount differs"; money with no order is
// attached by hand, once; a phone's personal wallet pays no order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPaymentDto, PaymentNoticeDto, PaymentNoticeEvent } from '@topup/contract/payment-phones';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { OrderDto } from '@topup/contract/orders';
import type { Page } from '@topup/contract/envelope';
import { body, buildTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { deliver, registerPhone, smsReceived, type Phone } from './payment-phones.fixtures.ts';

let t: TestApp;
let phone: Phone;
let packageId: string;
const pushed: PaymentNoticeEvent[] = [];
const changed: OrderChangedEvent[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { build: { paymentNoticeSweepMs: 0 } });
  phone = await registerPhone(t);
  ({ packageId } = await createCatalog(t, {}, { price: 5000, canAddQuantity: true }));
  t.app.ctx.events.onPaymentNotice((e) => pushed.push(e));
  t.app.ctx.events.onStaffChanges((events) => changed.push(...events));
});
afterAll(() => t.close());

async function order(transactionNumber: string, quantity = 1): Promise<string> {
  const res = await placeOrder(t, orderFields(packageId, { transactionNumber, quantity: String(quantity) }));
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.paymentNotices.idle();
  return body<{ id: string }>(res).payLoad.id;
}

async function notice(text: string, from = 'KBZPay'): Promise<PaymentNoticeDto> {
  const event = smsReceived(text);
  event.payload.phoneNumber = from;
  const res = await deliver(t, phone, event);
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.paymentNotices.idle();
  const id = body<{ id: string }>(res).payLoad.id;
  const list = body<Page<PaymentNoticeDto>>(
    await t.app.inject({ method: 'GET', url: '/api/v1/PaymentNotice?pageSize=100', headers: t.auth }),
  ).payLoad;
  return list.items.find((n) => n.id === id)!;
}

const payment = async (orderId: string) =>
  body<OrderPaymentDto>(await t.app.inject({ method: 'GET', url: `/api/v1/Order/${orderId}/payment`, headers: t.auth })).payLoad;
const detail = async (orderId: string) =>
  body<OrderDto>(await t.app.inject({ method: 'GET', url: `/api/v1/Order/${orderId}`, headers: t.auth })).payLoad;
const listed = async (query: string) =>
  body<Page<OrderDto>>(
    await t.app.inject({ method: 'GET', url: `/api/v1/Order?pageSize=100&${query}`, headers: t.auth }),
  ).payLoad.items.map((o) => o.id);
/** The hub's `ReceiveOrderChanged` events of kind `payment` for an order, in order. */
const paymentChanges = (orderId: string) => changed.filter((e) => e.orderId === orderId && e.changes.includes('payment'));
const timeline = async (orderId: string) =>
  body<OrderEventDto[]>(await t.app.inject({ method: 'GET', url: `/api/v1/Order/${orderId}/timeline`, headers: t.auth })).payLoad;

describe('matching notices to orders', () => {
  it('confirms the order whose total and number the notice carries, on its timeline and live', async () => {
    const orderId = await order('482913');
    expect((await payment(orderId)).state).toBe('not_received');
    const n = await notice('You have received 5,000 Ks from U Aung (09xxxxx1234). Trans ID: 0100345678482913. Balance 90,000 Ks');
    expect(n).toMatchObject({
      state: 'matched',
      orderId,
      amount: 5000,
      transactionId: '0100345678482913',
      wallet: 'kbzpay',
      matchedBy: null,
    });
    expect(await payment(orderId)).toMatchObject({ state: 'received', notice: { id: n.id, phoneName: 'Counter phone' } });
    const events = await timeline(orderId);
    expect(events.find((e) => e.type === 'PAYMENT_RECEIVED')).toMatchObject({
      actor: null,
      data: { noticeId: n.id, amount: 5000, byHand: false },
    });
    expect(pushed.some((e) => e.notice.id === n.id && e.notice.state === 'matched')).toBe(true);
    // The order itself says so: its detail, its list row (and the filter), and live to staff's lists.
    const paidOrder = await detail(orderId);
    expect(paidOrder.paymentState).toBe('received');
    expect(await listed('payment=received')).toContain(orderId);
    expect(await listed('payment=not_received')).not.toContain(orderId);
    expect(paymentChanges(orderId)).toEqual([
      {
        orderId,
        changes: ['payment'],
        by: null,
        deleted: false,
        updatedAt: paidOrder.updatedAt,
        order: expect.objectContaining({ paymentState: 'received' }),
      },
    ]);
    // The timeline says which phone and when.
    const paid = events.find((e) => e.type === 'PAYMENT_RECEIVED')!;
    expect(paid.data).toMatchObject({ phoneName: 'Counter phone', transactionId: '0100345678482913' });
    expect(paid.at).toBe(n.matchedAt);
  });

  it('matches a notice that arrived before its order when the order is placed', async () => {
    const n = await notice('KBZPay: ကိုအောင် (09xxxxxx123) ထံမှ ၁၀,၀၀၀ ကျပ် လက်ခံရရှိပါသည်။ ငွေလွှဲအမှတ် ၀၁၀၀၉၈၇၆၅၄၇၇၁၂၃၄');
    expect(n).toMatchObject({ state: 'waiting', amount: 10000, orderId: null });
    const orderId = await order('771234', 2);
    expect(await payment(orderId)).toMatchObject({ state: 'received', notice: { id: n.id } });
  });

  it('never decides between two orders of one amount when the notice has no usable id: staff see the candidates', async () => {
    const a = await order('111111');
    const b = await order('222222');
    const n = await notice('KBZPay: You have received 5,000 Ks from Daw Mya. Balance 1,000 Ks');
    expect(n.state).toBe('candidates');
    expect(n.candidates.map((c) => c.orderId).sort()).toEqual([a, b].sort());
    expect((await payment(a)).state).toBe('not_received');

    // Staff attach it by hand: both timelines say who; a second attach or another order is refused.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'staff@shop.test', password: 'staff-password-1' },
    });
    const staff = { authorization: `Bearer ${(await login(t.app, 'staff@shop.test', 'staff-password-1')).accessToken}` };
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/v1/PaymentNotice/${n.id}/attach`,
      headers: staff,
      payload: { orderId: a },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(body<PaymentNoticeDto>(attached).payLoad).toMatchObject({ state: 'matched', orderId: a, matchedBy: 'staff@shop.test' });
    expect((await timeline(a)).find((e) => e.type === 'PAYMENT_RECEIVED')).toMatchObject({
      actor: { email: 'staff@shop.test' },
      data: { byHand: true, phoneName: 'Counter phone' },
    });
    expect(paymentChanges(a).map((e) => [e.by, e.order?.paymentState])).toEqual([['staff@shop.test', 'received']]);
    expect([(await detail(a)).paymentState, (await detail(b)).paymentState]).toEqual(['received', 'not_received']);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/PaymentNotice/${n.id}/attach`, headers: staff, payload: { orderId: b } }))
        .statusCode,
    ).toBe(409);

    // An order already paid takes no second notice.
    const other = await notice('KBZPay: You have received 5,000 Ks from Ko Ko.');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/PaymentNotice/${other.id}/attach`,
      headers: staff,
      payload: { orderId: a },
    });
    expect(twice.statusCode).toBe(409);
    expect(Object.keys(body(twice).errors ?? {})).toEqual(['orderId']);
  });

  it('says "amount differs" when the number names an order of another total, and confirms nothing', async () => {
    const orderId = await order('654321');
    const n = await notice('WavePay: Received 4,000 Ks from 09791112223. TxnID: 5000654321');
    expect(n).toMatchObject({ state: 'amount_differs', orderId: null });
    expect(await payment(orderId)).toMatchObject({ state: 'amount_differs', notice: { id: n.id } });
    expect((await detail(orderId)).paymentState).toBe('amount_differs');
    expect(await listed('payment=amount_differs')).toEqual([orderId]);
    expect(paymentChanges(orderId).map((e) => e.order?.paymentState)).toEqual(['amount_differs']);

    // Staff find it paid another order (the buyer typed another's number): that order is paid, this one not any more.
    const right = await order('123789', 1);
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/v1/PaymentNotice/${n.id}/attach`,
      headers: t.auth,
      payload: { orderId: right },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect([(await detail(orderId)).paymentState, (await detail(right)).paymentState]).toEqual(['not_received', 'received']);
    expect(paymentChanges(orderId).map((e) => e.order?.paymentState)).toEqual(['amount_differs', 'not_received']);
  });

  it('keeps outgoing payments, OTPs and unreadable messages, and matches none of them', async () => {
    await order('909090');
    const out = await notice('You have successfully transferred 5,000 Ks to Ko Min. Trans ID: 0100111111909090');
    const otp = await notice('Your KBZPay OTP is 909090.');
    const odd = await notice('Call me back please');
    expect([out.state, otp.state, odd.state]).toEqual(['ignored', 'ignored', 'unread']);
    expect(odd.text).toBe('Call me back please');
  });

  it('never lets a phone confirm an order with money into a wallet it does not receive for', async () => {
    const orderId = await order('313131');
    const n = await notice('WavePay: You have received 5,000 Ks from 09791112223. TxnID: 5000313131', 'WavePay');
    expect(n).toMatchObject({ state: 'ignored', wallet: 'wavepay', orderId: null });
    expect((await payment(orderId)).state).toBe('not_received');
  });

  it('never confirms by itself a perfect message texted from an ordinary number: staff judge it', async () => {
    const orderId = await order('575757');
    const forged = await notice('KBZPay: You have received 5,000 Ks from U Ba. Trans ID: 0100999999575757', '+959791234567');
    expect(forged).toMatchObject({ state: 'candidates', orderId: null, candidates: [{ orderId }] });
    expect((await payment(orderId)).state).toBe('not_received');
  });

  it('finds the order its number names among many more pending orders of the same amount', async () => {
    // 80 pending orders of one popular price, placed a minute ago (written straight to the table: the API's order
    // rate limit would take minutes), then the one the notice names, placed last.
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const now = new Date().toISOString();
    const crowd = Array.from({ length: 81 }, (_, i) => ({
      id: randomUUID(),
      code: null,
      in_game_user_id: `crowd-${i}`,
      server_info: '',
      mobile_number: '09791234567',
      game_id: null,
      game_title: 'Game',
      package_id: null,
      package_title: 'Pack',
      package_unit: 1,
      package_price: 7000,
      package_currency: 'MMK',
      package_image: null,
      payment_method: 'NORMAL',
      quantity: 1,
      sub_total: 7000,
      transaction_number: String(700_000 + i),
      screenshot: 'crowd.webp',
      status: 'PENDING',
      operator_id: null,
      operator_email: null,
      is_read: 0 as const,
      created_at: i === 80 ? now : earlier,
      updated_at: i === 80 ? now : earlier,
      idempotency_key: null,
    }));
    await t.app.ctx.db.insertInto('orders').values(crowd).execute();
    const named = crowd[80]!;
    const n = await notice(`You have received 7,000 Ks from U Hla. Trans ID: 0100777777${named.transaction_number}.`);
    expect(n).toMatchObject({ state: 'matched', orderId: named.id });
    expect((await detail(named.id)).paymentState).toBe('received');
  });

  it('lists notices by state for the Payments page', async () => {
    const list = body<Page<PaymentNoticeDto>>(
      await t.app.inject({ method: 'GET', url: '/api/v1/PaymentNotice?state=unread', headers: t.auth }),
    ).payLoad;
    expect(list.items.map((n) => n.state)).toEqual(['unread']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/PaymentNotice?state=bogus', headers: t.auth })).statusCode).toBe(400);
  });
});
