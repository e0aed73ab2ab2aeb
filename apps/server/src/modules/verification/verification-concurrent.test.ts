// Two copies of one screenshot whose checks run at the same moment (CHECK_WORKERS > 1, or two instances on one
// PostgreSQL) must still find each other. Each check looks for reuse among the fingerprints already stored; without
// one-at-a-time, both looked before either had stored its own, and neither was flagged. The text reader is a stand-in
// that holds both checks until both have reached it, so their final transactions start together; everything else
// (database, files, re-encoding, fingerprints) is real. And the news of the link reaches listeners with the check's own
// news, not after a further query: a client that sees the check done must already have been told of both orders.
// And a resized copy is found when no transaction id was read (the stand-in reads nothing): the search before the lock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderVerdictEvent } from '@topup/contract/verification';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { MAX_LINKS_PER_KIND } from './verification.repository.ts';
import { attemptCheck } from './verification.service.ts';

let t: TestApp;
let arrived = 0;
let releaseAll: () => void = () => undefined;
const bothArrived = new Promise<void>((resolve) => (releaseAll = resolve));

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      build: {
        verification: {
          paused: true,
          reader: {
            read: async () => {
              if (++arrived === 2) releaseAll();
              await bothArrived;
              return '';
            },
            close: async () => undefined,
          },
        },
      },
    },
  );
});
afterAll(() => t.close());

describe('checks running at once', () => {
  it('flag two copies of one screenshot as reuse of each other', async () => {
    const { packageId } = await createCatalog(t);
    const picture = await sharp({
      create: { width: 300, height: 500, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    // For each announcement, how many had arrived by the next turn of the event loop.
    const news: Array<{ event: OrderVerdictEvent; arrivedByNextTurn: number }> = [];
    t.app.ctx.events.onOrderVerdict((event) => {
      const entry = { event, arrivedByNextTurn: 0 };
      news.push(entry);
      setImmediate(() => (entry.arrivedByNextTurn = news.length));
    });
    const ids: string[] = [];
    for (const transactionNumber of ['111111', '222222']) {
      const res = await placeOrder(t, orderFields(packageId, { transactionNumber }), {
        file_ScreenShot: { data: picture, filename: 'pay.png' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(body<OrderDto>(res).payLoad.id);
    }
    await Promise.all(ids.map((id) => attemptCheck(t.app.ctx.verification.deps, id)));

    const links = await t.app.ctx.db
      .selectFrom('order_duplicates')
      .select(['order_id', 'other_order_id', 'reason'])
      .orderBy('order_id')
      .execute();
    expect(links).toEqual(
      [
        { order_id: ids[0], other_order_id: ids[1], reason: 'image' },
        { order_id: ids[1], other_order_id: ids[0], reason: 'image' },
      ].sort((a, b) => a.order_id!.localeCompare(b.order_id!)),
    );
    const flags = await t.app.ctx.db.selectFrom('orders').select('is_duplicate').where('id', 'in', ids).execute();
    expect(flags.map((f) => f.is_duplicate)).toEqual([1, 1]);

    // One check finished first and found nothing; the second found it and announced both orders together.
    await new Promise((resolve) => setImmediate(resolve));
    const [alone, finder, found] = news;
    expect(news).toHaveLength(3);
    expect(alone!.event.isDuplicate).toBe(false);
    expect(finder!.event).toMatchObject({ orderId: ids.find((id) => id !== alone!.event.orderId), isDuplicate: true });
    expect(found!.event).toMatchObject({ orderId: alone!.event.orderId, isDuplicate: true });
    expect(finder!.arrivedByNextTurn).toBe(3);
  }, 30_000);

  it("flags a resized, re-saved copy when neither receipt's transaction id could be read (the search before the lock)", async () => {
    const { packageId } = await createCatalog(t);
    const picture = await sharp({
      create: { width: 360, height: 640, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const copy = await sharp(picture).resize({ width: 270 }).jpeg({ quality: 85 }).toBuffer();
    const ids: string[] = [];
    for (const [data, transactionNumber] of [
      [picture, '333333'],
      [copy, '444444'],
    ] as const) {
      const res = await placeOrder(t, orderFields(packageId, { transactionNumber }), { file_ScreenShot: { data, filename: 'pay.png' } });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(body<OrderDto>(res).payLoad.id);
      await attemptCheck(t.app.ctx.verification.deps, ids.at(-1)!);
    }
    const checks = await t.app.ctx.db.selectFrom('order_checks').select('receipt_txn_id').where('order_id', 'in', ids).execute();
    expect(checks.map((c) => c.receipt_txn_id)).toEqual([null, null]);
    const links = await t.app.ctx.db
      .selectFrom('order_duplicates')
      .select(['other_order_id', 'reason'])
      .where('order_id', '=', ids[1]!)
      .execute();
    expect(links).toEqual([{ other_order_id: ids[0], reason: 'image' }]);
  }, 30_000);

  it('links one check to at most MAX_LINKS_PER_KIND copies of its picture: a burst of copies stays bounded work', async () => {
    const { packageId } = await createCatalog(t);
    const picture = await sharp({
      create: { width: 120, height: 200, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const ids: string[] = [];
    for (let i = 0; i < MAX_LINKS_PER_KIND + 2; i++) {
      const res = await placeOrder(t, orderFields(packageId, { transactionNumber: String(700000 + i) }), {
        file_ScreenShot: { data: picture, filename: 'pay.png' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(body<OrderDto>(res).payLoad.id);
    }
    for (const id of ids) await attemptCheck(t.app.ctx.verification.deps, id);
    const last = await t.app.ctx.db
      .selectFrom('order_duplicates')
      .select('other_order_id')
      .where('order_id', '=', ids.at(-1)!)
      .where('reason', '=', 'image')
      .execute();
    expect(last).toHaveLength(MAX_LINKS_PER_KIND);
  }, 60_000);
});
