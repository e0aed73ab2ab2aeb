// The screenshot-check pipeline end to end, on a real database with real OCR (tesseract.js) on receipts rendered by
// Chromium: placing an order answers before any check; the check re-encodes the screenshot, reads it, stores a
// verdict and announces it; reuse (same transaction, resized copy of a screenshot) is flagged on both orders; a
// poisoned image ends as "could not be checked"; "check again" re-runs it; an amount printed in Burmese digits is
// read. On the server-postgres project with TEST_REDIS_URL set, jobs go through BullMQ on Redis (a prefix of their
// own: Redis is shared).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderVerdictEvent, OrderVerification } from '@topup/contract/verification';
import { body, buildTestApp, DIALECT, type TestApp } from '../../../test/helpers.ts';
import {
  createRenderer,
  randomLook,
  receiptHtml,
  seeded,
  type ReceiptFacts,
  type ReceiptLook,
  type Renderer,
} from '../../../test/fixtures/receipts.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';

const useRedis = DIALECT === 'postgres' && !!process.env.TEST_REDIS_URL;
const ACCOUNT_PHONE = '09777124567';
const PRICE = 12500;

let t: TestApp;
let renderer: Renderer;
let packageId: string;
const verdicts: OrderVerdictEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp(useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}, {
    build: { verification: { queuePrefix: `test-${randomUUID()}`, settings: { retryBaseMs: 100, maxAttempts: 2 }, pollMs: 200 } },
  });
  expect(t.app.ctx.verification.queue.kind).toBe(useRedis ? 'bullmq' : 'embedded');
  t.app.ctx.events.onOrderVerdict((e) => verdicts.push(e));
  packageId = (await createCatalog(t, {}, { price: PRICE })).packageId;
  await t.app.ctx.db
    .insertInto('config_settings')
    .values({
      id: randomUUID(),
      payment_name: 'KBZPay',
      phone: ACCOUNT_PHONE,
      order_index: 1,
      logo: null,
      is_active: 1,
      created_at: new Date().toISOString(),
      holder_name: null,
      payment_method: 'NORMAL',
    })
    .execute();
  renderer = await createRenderer();
}, 60_000);
afterAll(async () => {
  await renderer?.close();
  await t?.close();
});

async function receipt(
  facts: Partial<ReceiptFacts>,
  seed: number,
  language: Pick<ReceiptLook, 'burmese' | 'burmeseDigits'> = { burmese: false, burmeseDigits: false },
): Promise<Buffer> {
  const look = { ...randomLook(seeded(seed), 'kbzpay'), ...language, rotateDeg: 0.6, scale: 1 };
  return renderer.render(
    receiptHtml(
      {
        amount: PRICE,
        transactionId: '0100398402112345',
        paidAt: new Date(Date.now() - 5 * 60_000),
        receiverName: 'Aung Ko',
        receiverPhone: '09*****4567',
        ...facts,
      },
      look,
    ),
    look,
  );
}

async function place(image: Buffer, transactionNumber: string, type = 'image/jpeg') {
  const res = await placeOrder(t, orderFields(packageId, { transactionNumber }), {
    file_ScreenShot: { data: image, filename: 'pay.jpg', contentType: type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<OrderDto>(res).payLoad;
}

async function verification(orderId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}/verification`, headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<OrderVerification>(res).payLoad;
}

async function settled(orderId: string, timeoutMs = 45_000): Promise<OrderVerification> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await verification(orderId);
    if (v.state !== 'queued') return v;
    if (Date.now() > end) throw new Error(`order ${orderId} still unchecked: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('screenshot checks', () => {
  let first: OrderDto;

  it('answers the order at once as pending, then checks it: re-encoded without metadata, fields read, match announced', async () => {
    const image = await sharp(await receipt({ transactionId: '0100398402112345' }, 1))
      .withMetadata({ exif: { IFD0: { Artist: 'secret-device' } } })
      .jpeg()
      .toBuffer();
    first = await place(image, '112345');
    expect(first.verdict).toBe('pending');

    const v = await settled(first.id);
    expect(v.fields.map((f) => [f.field, f.result])).toEqual([
      ['amount', 'match'],
      ['transactionId', 'match'],
      ['time', 'match'],
      ['receiver', 'match'],
      ['status', 'match'],
    ]);
    expect(v.verdict).toBe('match');
    expect(verdicts).toContainEqual({ orderId: first.id, verdict: 'match', isDuplicate: false });

    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select(['screenshot', 'verdict'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.verdict).toBe('match');
    // The verdict is in the order's timeline, written with it.
    const timeline = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${first.id}/Timeline`, headers: t.auth });
    expect(timeline.json().payLoad.map((e: { type: string; data: unknown }) => [e.type, e.data])).toEqual([
      ['PLACED', { code: first.code }],
      ['CHECKED', { verdict: 'match', isDuplicate: false }],
    ]);
    // Re-encoded in its own format, in place: the URL staff got with the order still shows the (now clean) file.
    expect(first.screenShot).toContain(row.screenshot);
    const file = readFileSync(path.join(t.dataDir, 'private', 'screenshots', row.screenshot));
    expect((await sharp(file).metadata()).exif).toBeUndefined();
    expect(file.includes('secret-device')).toBe(false);
  }, 90_000);

  it('flags a resized, re-saved copy of a screenshot on both orders, with links to each other, and not to the buyer', async () => {
    const copy = await sharp(
      readFileSync(
        path.join(
          t.dataDir,
          'private',
          'screenshots',
          (await t.app.ctx.db.selectFrom('orders').select('screenshot').where('id', '=', first.id).executeTakeFirstOrThrow()).screenshot,
        ),
      ),
    )
      .resize({ width: 600 })
      .png()
      .toBuffer();
    const second = await place(copy, '654321', 'image/png');
    expect(JSON.stringify(second)).not.toMatch(/duplicate":true/);
    const v = await settled(second.id);
    expect(v.isDuplicate).toBe(true);
    expect(v.duplicates.map((d) => d.orderId)).toContain(first.id);
    expect(v.duplicates.map((d) => d.reason)).toContain('image');
    // The buyer's number 654321 is not on the receipt: the proof does not match this order either.
    expect(v.verdict).toBe('mismatch');
    const back = await verification(first.id);
    expect(back.isDuplicate).toBe(true);
    expect(back.duplicates.map((d) => d.orderId)).toContain(second.id);
    expect(verdicts).toContainEqual({ orderId: first.id, verdict: 'match', isDuplicate: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/Order/verdict-list?verdict=duplicate', headers: t.auth });
    expect(
      body<{ items: OrderDto[] }>(list)
        .payLoad.items.map((o) => o.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
  }, 90_000);

  it('flags the same transaction number on another order of the same payment method, and a doctored amount as mismatch', async () => {
    const doctored = await receipt({ transactionId: '2099911112223334', amount: 125000 }, 3);
    const other = await place(doctored, '112345');
    const v = await settled(other.id);
    expect(v.duplicates).toContainEqual(expect.objectContaining({ orderId: first.id, reason: 'transaction' }));
    expect(v.verdict).toBe('mismatch');
    expect(v.fields.find((f) => f.field === 'amount')).toEqual({
      field: 'amount',
      receipt: '125000',
      order: String(PRICE),
      result: 'mismatch',
    });
  }, 90_000);

  it('ends a poisoned image as "could not be checked", never stuck', async () => {
    const full = await sharp({
      create: { width: 200, height: 300, channels: 3, background: '#ffffff', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    const order = await place(full.subarray(0, Math.floor(full.length / 2)), '000111', 'image/png');
    const v = await settled(order.id);
    expect(v.state).toBe('failed');
    expect(v.verdict).toBe('failed');
    expect(v.error).toMatch(/decoded/);
    expect(verdicts).toContainEqual({ orderId: order.id, verdict: 'failed', isDuplicate: false });
  }, 60_000);

  it('checks again on request, and refuses unknown orders and unsigned callers', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/Order/${first.id}/Verification`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<OrderVerification>(res).payLoad.verdict).toBe('pending');
    expect((await settled(first.id)).verdict).toBe('match');

    expect((await t.app.inject({ method: 'POST', url: `/api/v1/Order/${randomUUID()}/Verification`, headers: t.auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/Order/${first.id}/Verification` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/Order/verdict-list?verdict=bogus', headers: t.auth });
    expect(bad.statusCode).toBe(400);
  }, 90_000);

  it("agrees on the account holder's name when the receipt prints no number, and leaves it unread without one", async () => {
    const image = async (transactionId: string) => receipt({ transactionId, receiverName: 'Aung Ko', receiverPhone: '' }, 9);
    const unknown = await place(await image('2010039840299887711'), '887711');
    const unread = await settled(unknown.id);
    expect(unread.fields.find((f) => f.field === 'receiver')).toMatchObject({ receipt: 'Aung Ko', result: 'unreadable' });
    expect(unread.verdict).toBe('unreadable');
    await t.app.ctx.db.updateTable('config_settings').set({ holder_name: 'U Aung Ko' }).execute();
    try {
      const known = await place(await image('2010039840299887722'), '887722');
      const v = await settled(known.id);
      expect(v.fields.find((f) => f.field === 'receiver')).toMatchObject({ receipt: 'Aung Ko', result: 'match' });
      expect(v.verdict).toBe('match');
    } finally {
      await t.app.ctx.db.updateTable('config_settings').set({ holder_name: null }).execute();
    }
  }, 120_000);

  it('reads an amount printed in Burmese digits, with Burmese or English labels, and says match', async () => {
    for (const [i, burmese] of [true, false].entries()) {
      const transactionId = `20100398402${i}44556${i}`;
      const order = await place(await receipt({ transactionId }, 5 + i, { burmese, burmeseDigits: true }), transactionId.slice(-6));
      const v = await settled(order.id);
      expect(
        v.fields.find((f) => f.field === 'amount'),
        `Burmese labels: ${burmese}`,
      ).toEqual({ field: 'amount', receipt: String(PRICE), order: String(PRICE), result: 'match' });
      expect(v.verdict).toBe('match');
    }
  }, 120_000);
});
