// "Payment received" on the buyer's status page: once a payment phone's wallet notice confirms the order (by itself,
// or attached by staff), the page's read and its open live stream over real HTTP say so, and a later staff change
// keeps saying so. An order with no such notice, or another order's notice, says nothing of the kind.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { PlacedOrderDto } from '@topup/contract/orders';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from '../orders/orders.fixtures.ts';
import { deliver, registerPhone, smsReceived, type Phone } from '../payment-phones/payment-phones.fixtures.ts';
import { openBuyerStream } from './tracking.fixtures.ts';

let t: TestApp;
let phone: Phone;
let packageId: string;
let base: string;
let phoneSeq = 5000;

beforeAll(async () => {
  t = await buildTestApp({}, { build: { paymentNoticeSweepMs: 0 } });
  phone = await registerPhone(t);
  ({ packageId } = await createCatalog(t, {}, { price: 5000 }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function placed(transactionNumber: string): Promise<PlacedOrderDto> {
  const res = await placeOrder(
    t,
    orderFields(packageId, { transactionNumber, mobileNumber: `0977${String(phoneSeq++).padStart(7, '0')}` }),
  );
  expect(res.statusCode, res.body).toBe(201);
  await t.app.ctx.paymentNotices.idle();
  return body<PlacedOrderDto>(res).payLoad;
}

async function notice(text: string): Promise<string> {
  const res = await deliver(t, phone, smsReceived(text));
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.paymentNotices.idle();
  return body<{ id: string }>(res).payLoad.id;
}

const tracked = async (o: PlacedOrderDto) =>
  body<TrackedOrderDto>(
    await t.app.inject({ method: 'GET', url: `/api/v1/OrderTracking/${o.code}?t=${encodeURIComponent(o.trackingToken!)}` }),
  ).payLoad;

describe("payment received on the buyer's page", () => {
  it("shows on the page and live once the wallet's notice confirms the order, and stays through staff changes", async () => {
    const order = await placed('640001');
    const other = await placed('640002');
    expect(await tracked(order)).toMatchObject({ paymentReceived: false, stage: 'PLACED' });
    const mine = openBuyerStream(base, order.code!, order.trackingToken!);
    const theirs = openBuyerStream(base, other.code!, other.trackingToken!);
    expect((await mine.waitFor(1))[0]).toMatchObject({ paymentReceived: false });
    await theirs.waitFor(1);

    await notice('You have received 5,000 Ks from U Aung (09xxxxx1234). Trans ID: 0100345678640001. Balance 90,000 Ks');
    expect((await mine.waitFor(2))[1]).toMatchObject({ code: order.code, paymentReceived: true, stage: 'PLACED' });
    expect(await tracked(order)).toMatchObject({ paymentReceived: true });

    // A staff change carries no payment news of its own: the page keeps "received".
    await updateOrder(t, order.id, { orderStatus: 'COMPLETED' });
    expect((await mine.waitFor(3))[2]).toMatchObject({ stage: 'COMPLETED', paymentReceived: true });

    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames).toHaveLength(1);
    expect(await tracked(other)).toMatchObject({ paymentReceived: false });
    mine.close();
    theirs.close();
  });

  it('shows when staff attach money that arrived with no order to it', async () => {
    const order = await placed('650001');
    const stream = openBuyerStream(base, order.code!, order.trackingToken!);
    await stream.waitFor(1);
    // The buyer's transaction id ends in another number: the notice waits for staff.
    const id = await notice('You have received 5,000 Ks from Daw Mya. Trans ID: 0100345678659999. Balance 10,000 Ks');
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/v1/PaymentNotice/${id}/attach`,
      headers: t.auth,
      payload: { orderId: order.id },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await stream.waitFor(2))[1]).toMatchObject({ paymentReceived: true });
    expect(await tracked(order)).toMatchObject({ paymentReceived: true });
    stream.close();
  });
});
