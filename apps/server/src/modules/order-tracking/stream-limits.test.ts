// One order's tracking token, or one client address, can hold only so many live status streams open at once: the
// next is answered 429 in the envelope with Retry-After, in the caller's language, and a stream that closes frees
// its place. Over real HTTP; the client address comes from X-Forwarded-For (TRUST_PROXY), as behind a balancer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { PlacedOrderDto } from '@topup/contract/orders';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { STREAM_RETRY_AFTER_S } from './order-tracking.routes.ts';
import { openBuyerStream, type BuyerStream } from './tracking.fixtures.ts';

const PER_ORDER = 2;
const PER_ADDRESS = 3;
let t: TestApp;
let base: string;
let packageId: string;
let phone = 2000;
const open: BuyerStream[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    STATUS_STREAMS_PER_ORDER: String(PER_ORDER),
    STATUS_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
    TRUST_PROXY: 'true',
  });
  ({ packageId } = await createCatalog(t, { title: 'PUBG Mobile' }, { title: '60 UC', price: 1500 }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function placed(): Promise<PlacedOrderDto> {
  const res = await placeOrder(t, orderFields(packageId, { mobileNumber: `0978${String(phone++).padStart(7, '0')}` }));
  expect(res.statusCode, res.body).toBe(201);
  return body<PlacedOrderDto>(res).payLoad;
}

/** A stream the server let open, with its first frame read. */
async function watch(order: PlacedOrderDto, address: string): Promise<BuyerStream> {
  const stream = openBuyerStream(base, order.code!, order.trackingToken!, { 'x-forwarded-for': address });
  open.push(stream);
  expect((await stream.waitFor(1))[0]).toMatchObject({ code: order.code });
  return stream;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** The answer to one more stream request; a stream the server opens instead is closed at once and reported as 200. */
function ask(order: PlacedOrderDto, address: string, headers: Record<string, string> = {}, token = order.trackingToken!): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = `${base}/api/v1/OrderTracking/${order.code}/events?t=${encodeURIComponent(token)}`;
    const req = http.get(url, { headers: { 'x-forwarded-for': address, ...headers } }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        req.destroy();
        return resolve({ status: res.statusCode!, headers: res.headers, text: '' });
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
  });
}

async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('live status streams', () => {
  it(`opens at most ${PER_ORDER} per order; the next is 429 with the envelope and Retry-After, until one closes`, async () => {
    const order = await placed();
    const first = await watch(order, '10.20.0.1');
    await watch(order, '10.20.0.2');

    const refused = await ask(order, '10.20.0.3');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.text)).toEqual({
      statusCode: 429,
      message: textOf(MSG.tooManyStreamsForOrder(STREAM_RETRY_AFTER_S)),
      code: 'tooManyStreamsForOrder',
      payLoad: null,
      payLoadList: null,
    });
    const inBurmese = await ask(order, '10.20.0.3', { 'accept-language': 'my' });
    expect(JSON.parse(inBurmese.text).message).toBe(textOf(MSG.tooManyStreamsForOrder(STREAM_RETRY_AFTER_S), 'mm'));
    // Someone without the token learns nothing about how many pages are open: the same not found as ever.
    expect((await ask(order, '10.20.0.4', {}, 'x'.repeat(32))).status).toBe(404);

    first.close();
    await eventually(async () => (await ask(order, '10.20.0.5')).status === 200, 'the closed stream to free its place');
  });

  it(`opens at most ${PER_ADDRESS} from one address across orders; other addresses are not affected`, async () => {
    const orders = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => placed()));
    const streams = [];
    for (const order of orders.slice(0, PER_ADDRESS)) streams.push(await watch(order, '10.30.0.1'));

    const refused = await ask(orders[PER_ADDRESS]!, '10.30.0.1');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
    expect(JSON.parse(refused.text)).toMatchObject({
      statusCode: 429,
      code: 'tooManyStreamsFromAddress',
      message: textOf(MSG.tooManyStreamsFromAddress(STREAM_RETRY_AFTER_S)),
    });
    expect((await ask(orders[PER_ADDRESS]!, '10.30.0.2')).status).toBe(200);

    streams[0]!.close();
    await eventually(async () => (await ask(orders[PER_ADDRESS]!, '10.30.0.1')).status === 200, 'the address to have a place again');
  });
});
