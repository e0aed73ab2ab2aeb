// Completing an order its screenshot check flagged (a duplicate, or a screenshot that doesn't match) needs the staff
// member to override the flag with a reason; the timeline keeps who overrode what and why. Single change and bulk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import type { OrderDto } from '@topup/contract/orders';
import type { BulkActionResult } from '@topup/contract/order-list';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { ADMIN, body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from './orders.fixtures.ts';

let t: TestApp;
let packageId: string;
let ownerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ packageId } = await createCatalog(t));
  ownerId = (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** A pending order with the given flags (the checks are paused in tests: nothing overwrites them). */
async function flagged(flags: { verdict?: string; duplicate?: boolean }): Promise<OrderDto> {
  const res = await placeOrder(t, orderFields(packageId));
  expect(res.statusCode, res.body).toBe(201);
  const order = body<OrderDto>(res).payLoad;
  await t.app.ctx.db
    .updateTable('orders')
    .set({ verdict: flags.verdict ?? 'match', is_duplicate: flags.duplicate ? 1 : 0 })
    .where('id', '=', order.id)
    .execute();
  return order;
}

async function statusOf(id: string) {
  return (await t.app.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}

async function statusEvents(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${id}/Timeline`, headers: t.auth });
  return body<OrderEventDto[]>(res).payLoad.filter((e) => e.type === 'STATUS_CHANGED');
}

describe('completing a flagged order', () => {
  it('refuses a duplicate or a mismatch with 409 orderFlagged, saying what is wrong in the caller’s language', async () => {
    const duplicate = await flagged({ duplicate: true });
    const res = await updateOrder(t, duplicate.id, { orderStatus: 'COMPLETED' });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res).code).toBe('orderFlagged');
    expect(body(res).message).toBe(textOf(MSG.orderFlagged(['duplicate']), 'en'));
    expect(body(res).message).toMatch(/transaction number or screenshot/);
    expect(await statusOf(duplicate.id)).toBe('PENDING');

    const mismatch = await flagged({ verdict: 'mismatch', duplicate: true });
    const form = { orderStatus: 'COMPLETED' };
    const mm = await updateOrder(t, mismatch.id, form);
    expect(mm.statusCode).toBe(409);
    expect(body(mm).message).toContain("doesn't match");
    expect(body(mm).message).toContain('transaction number');
    expect(await statusEvents(mismatch.id)).toEqual([]);
  });

  it('the Burmese text is Burmese', () => {
    expect(textOf(MSG.orderFlagged(['mismatch']), 'mm')).toMatch(/မကိုက်ညီပါ/);
  });

  it('needs a reason with the override, and records who overrode which flags and why', async () => {
    const order = await flagged({ verdict: 'mismatch' });
    const noReason = await updateOrder(t, order.id, { orderStatus: 'COMPLETED', overrideFlags: 'true' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(body(noReason).errors ?? {})).toEqual(['overrideReason']);
    const blank = await updateOrder(t, order.id, { orderStatus: 'COMPLETED', overrideFlags: 'true', overrideReason: '   ' });
    expect(blank.statusCode).toBe(400);
    const tooLong = await updateOrder(t, order.id, { orderStatus: 'COMPLETED', overrideFlags: 'true', overrideReason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(await statusOf(order.id)).toBe('PENDING');

    const res = await updateOrder(t, order.id, {
      orderStatus: 'COMPLETED',
      overrideFlags: 'True',
      overrideReason: '  Checked the KBZPay history myself  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(order.id)).toBe('COMPLETED');
    const [event] = await statusEvents(order.id);
    expect(event).toMatchObject({
      actor: { id: ownerId, email: ADMIN.email },
      data: {
        from: 'PENDING',
        to: 'COMPLETED',
        bulk: false,
        override: { flags: ['mismatch'], reason: 'Checked the KBZPay history myself' },
      },
    });
  });

  it('an order without flags completes as before, and records no override', async () => {
    const order = await flagged({ verdict: 'unreadable' });
    const res = await updateOrder(t, order.id, { orderStatus: 'COMPLETED', overrideFlags: 'true', overrideReason: 'just in case' });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await statusEvents(order.id);
    expect(event!.type === 'STATUS_CHANGED' && event!.data.override).toBeUndefined();
  });

  it('cancelling or editing a flagged order needs no override', async () => {
    const order = await flagged({ duplicate: true });
    expect((await updateOrder(t, order.id, { inGameUserId: 'player-2' })).statusCode).toBe(200);
    expect((await updateOrder(t, order.id, { orderStatus: 'CANCELLED', cancelReason: 'DUPLICATE' })).statusCode).toBe(200);
  });

  it('bulk: flagged orders fail with orderFlagged, the rest complete; with the override all complete', async () => {
    const clean = await flagged({});
    const dup = await flagged({ duplicate: true });
    const bad = await flagged({ verdict: 'mismatch' });
    const bulk = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/Order/Bulk', headers: { ...t.auth, 'accept-language': 'my' }, payload });
    const res = await bulk({ action: 'COMPLETE', ids: [clean.id, dup.id, bad.id] });
    expect(res.statusCode, res.body).toBe(200);
    const result = body<BulkActionResult>(res).payLoad;
    expect(result.succeeded).toEqual([clean.id]);
    expect(result.failed.map((f) => [f.id, f.code])).toEqual([
      [dup.id, 'orderFlagged'],
      [bad.id, 'orderFlagged'],
    ]);
    expect(result.failed[1]!.message).toBe(textOf(MSG.orderFlagged(['mismatch']), 'mm'));
    expect(await statusOf(dup.id)).toBe('PENDING');

    expect((await bulk({ action: 'COMPLETE', ids: [dup.id], overrideFlags: true })).statusCode).toBe(400);
    const overridden = await bulk({
      action: 'COMPLETE',
      ids: [dup.id, bad.id],
      overrideFlags: true,
      overrideReason: 'Bank confirmed both',
    });
    expect(body<BulkActionResult>(overridden).payLoad).toEqual({ succeeded: [dup.id, bad.id], failed: [] });
    const [event] = await statusEvents(bad.id);
    expect(event).toMatchObject({
      data: { bulk: true, override: { flags: ['mismatch'], reason: 'Bank confirmed both' } },
      actor: { email: ADMIN.email },
    });
  });
});
