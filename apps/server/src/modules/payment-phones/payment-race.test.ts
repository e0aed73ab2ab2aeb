// Two instances on one database (PostgreSQL and Redis on the server-postgres project, one SQLite file otherwise)
// racing: the same delivery posted to both is stored once; both deciding the same notices at the same moment match
// each notice to at most one order and each order to at most one notice; two notices of one payment racing for one
// order give it to exactly one, and the hub on both instances hears the decision.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentNoticeEvent } from '@topup/contract/payment-phones';
import { DIALECT, body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { deliver, registerPhone, smsReceived, type Phone } from './payment-phones.fixtures.ts';
import { insertNotice } from './payment-phones.repository.ts';

const env: Record<string, string> = DIALECT === 'postgres' && process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
let a: TestApp;
let b: TestApp;
let phone: Phone;
let packageId: string;
const heard: Record<'a' | 'b', PaymentNoticeEvent[]> = { a: [], b: [] };

beforeAll(async () => {
  a = await buildTestApp(env, { build: { paymentNoticeSweepMs: 0 } });
  b = await buildTestApp(env, { shareWith: a, build: { paymentNoticeSweepMs: 0 } });
  phone = await registerPhone(a);
  ({ packageId } = await createCatalog(a, {}, { price: 3000 }));
  a.app.ctx.fanOut.receive({ message: (m) => void ('payment' in m && heard.a.push(m.payment)) });
  b.app.ctx.fanOut.receive({ message: (m) => void ('payment' in m && heard.b.push(m.payment)) });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A notice as the webhook stores it, not yet read: the race is over reading and deciding it. */
async function storedNotice(text: string): Promise<string> {
  const id = randomUUID();
  await insertNotice(a.app.ctx.db, {
    id,
    phone_id: phone.id,
    source: 'sms-gateway',
    event_id: randomUUID(),
    device_id: null,
    sender: 'KBZPay',
    sim_number: null,
    text,
    raw: text,
    received_at: null,
    taken_at: new Date().toISOString(),
    state: 'new',
    wallet: null,
    kind: null,
    amount: null,
    txn_id: null,
    payer: null,
    paid_at: null,
    order_id: null,
    matched_at: null,
    matched_by: null,
    candidates: null,
  });
  return id;
}

describe('two instances taking notices at once', () => {
  it('stores a delivery posted to both instances at once only once', async () => {
    const event = smsReceived('KBZPay: You have received 1 Ks from test.');
    const [x, y] = await Promise.all([deliver(a, phone, event), deliver(b, phone, event)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([body<{ duplicate: boolean }>(x).payLoad.duplicate, body<{ duplicate: boolean }>(y).payLoad.duplicate].sort()).toEqual([
      false,
      true,
    ]);
    const rows = await a.app.ctx.db.selectFrom('payment_notices').select('id').where('event_id', '=', event.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('matches each notice to one order and each order to one notice while both decide every notice', async () => {
    const count = 12;
    const orders: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await placeOrder(a, orderFields(packageId, { transactionNumber: String(300000 + i) }));
      orders.push(body<{ id: string }>(res).payLoad.id);
    }
    await a.app.ctx.paymentNotices.idle();
    const notices: string[] = [];
    for (let i = 0; i < count; i++)
      notices.push(await storedNotice(`You have received 3,000 Ks from Ko ${i}. Trans ID: 0100000000${300000 + i}`));
    // The same payment reported twice (SMS and a forwarder, say): two notices for the first order.
    notices.push(await storedNotice(`You have received 3,000 Ks from Ko 0. Trans ID: 0100000000300000 `));
    await Promise.all(notices.flatMap((id) => [a.app.ctx.paymentNotices.process(id), b.app.ctx.paymentNotices.process(id)]));

    const rows = await a.app.ctx.db.selectFrom('payment_notices').select(['id', 'order_id', 'state']).where('id', 'in', notices).execute();
    const matched = rows.filter((r) => r.state === 'matched');
    expect(matched).toHaveLength(count);
    expect(new Set(matched.map((r) => r.order_id))).toEqual(new Set(orders));
    // The second report of the first payment found its order taken and paid for nothing.
    expect(rows.filter((r) => r.state !== 'matched').map((r) => r.order_id)).toEqual([null]);
    const paymentEvents = await a.app.ctx.db
      .selectFrom('order_events')
      .select('order_id')
      .where('type', '=', 'PAYMENT_RECEIVED')
      .where('order_id', 'in', orders)
      .execute();
    expect(paymentEvents).toHaveLength(count);
  });

  it('tells the hub of every decision (on PostgreSQL both instances hear each one; one SQLite file has no backplane)', async () => {
    const matchedOn = (who: 'a' | 'b') => new Set(heard[who].filter((e) => e.notice.state === 'matched').map((e) => e.notice.id)).size;
    if (DIALECT === 'postgres') {
      await expect.poll(() => Math.min(matchedOn('a'), matchedOn('b')), { timeout: 5000 }).toBeGreaterThanOrEqual(12);
    } else {
      await expect.poll(() => matchedOn('a') + matchedOn('b'), { timeout: 5000 }).toBeGreaterThanOrEqual(12);
    }
  });
});
