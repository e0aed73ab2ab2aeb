// Order codes (unique, readable, found by staff search) and cancel reasons on PUT /api/v1/Order/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH, normalizeOrderCode } from '@topup/contract/order-codes';
import { MSG, textOf } from '@topup/contract/messages';
import { CANCEL_MSG } from '@topup/contract/order-reasons';
import type { OrderDto } from '@topup/contract/orders';
import type { Page } from '@topup/contract/envelope';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder, updateOrder } from './orders.fixtures.ts';

let t: TestApp;
let packageId: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ packageId } = await createCatalog(t));
});
afterAll(() => t.close());

async function placed(overrides: Record<string, string> = {}): Promise<OrderDto> {
  const res = await placeOrder(t, orderFields(packageId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return body<OrderDto>(res).payLoad;
}

async function reasonColumns(id: string) {
  return t.app.ctx.db
    .selectFrom('orders')
    .select(['status', 'cancel_reason', 'cancel_note'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('order code', () => {
  it('every placed order has its own readable code, shown in the order DTO', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const order = await placed();
      expect(order.code).toMatch(new RegExp(`^[${ORDER_CODE_ALPHABET}]{${ORDER_CODE_LENGTH}}$`));
      expect(order.code).not.toMatch(/[01OI]/);
      codes.add(order.code!);
    }
    expect(codes.size).toBe(5);
  });

  it('staff find an order by its code however it is typed; the detail shows it', async () => {
    const order = await placed();
    const typed = `${order.code!.slice(0, 4).toLowerCase()}-${order.code!.slice(4)}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/Order?searchTerm=${encodeURIComponent(typed)}`, headers: t.auth });
    const page = body<Page<OrderDto>>(res).payLoad;
    expect(page.items.map((o) => o.id)).toEqual([order.id]);
    expect(page.paging.totalCount).toBe(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${order.id}`, headers: t.auth });
    expect(body<OrderDto>(detail).payLoad.code).toBe(order.code);
  });

  it('normalizes what people type and refuses ambiguous characters', () => {
    expect(normalizeOrderCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeOrderCode('ABCD 0FGH')).toBeNull();
    expect(normalizeOrderCode('ABCDIFGH')).toBeNull();
    expect(normalizeOrderCode('ABC')).toBeNull();
  });

  it('a code that is already taken is never given twice (the database refuses it)', async () => {
    const a = await placed();
    const b = await placed();
    await expect(t.app.ctx.db.updateTable('orders').set({ code: a.code }).where('id', '=', b.id).execute()).rejects.toThrow();
  });
});

describe('cancel reasons', () => {
  it('cancelling with a reason and a note stores both and shows them', async () => {
    const order = await placed();
    const res = await updateOrder(t, order.id, {
      orderStatus: 'CANCELLED',
      cancelReason: 'amount_mismatch',
      cancelNote: ' Paid 5,000 of 10,000 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<OrderDto>(res).payLoad).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'AMOUNT_MISMATCH',
      cancelNote: 'Paid 5,000 of 10,000',
    });
    expect(await reasonColumns(order.id)).toEqual({
      status: 'CANCELLED',
      cancel_reason: 'AMOUNT_MISMATCH',
      cancel_note: 'Paid 5,000 of 10,000',
    });
  });

  it('a client written to the spec cancels without a reason: cancelled, reason none', async () => {
    const order = await placed();
    const res = await updateOrder(t, order.id, {
      orderStatus: 'CANCELLED',
      inGameUserId: 'player-1',
      mobileNumber: '09123456789',
      transactionNumber: '123456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<OrderDto>(res).payLoad).toMatchObject({ status: 'CANCELLED', cancelReason: null, cancelNote: null });
  });

  it('editing a cancelled order without a reason keeps its reason; reopening it clears the reason', async () => {
    const order = await placed();
    await updateOrder(t, order.id, { orderStatus: 'CANCELLED', cancelReason: 'DUPLICATE' });
    const edited = await updateOrder(t, order.id, { orderStatus: 'CANCELLED', inGameUserId: 'player-2' });
    expect(body<OrderDto>(edited).payLoad).toMatchObject({ cancelReason: 'DUPLICATE', inGameUserId: 'player-2' });
    const reopened = await updateOrder(t, order.id, { orderStatus: 'PENDING' });
    expect(body<OrderDto>(reopened).payLoad).toMatchObject({ status: 'PENDING', cancelReason: null, cancelNote: null });
  });

  it.each([
    [{ orderStatus: 'CANCELLED', cancelReason: 'BECAUSE' }, 'cancelReason', CANCEL_MSG.reason],
    [{ orderStatus: 'CANCELLED', cancelReason: 'OTHER' }, 'cancelNote', CANCEL_MSG.noteRequired],
    [{ orderStatus: 'CANCELLED', cancelReason: 'OTHER', cancelNote: '   ' }, 'cancelNote', CANCEL_MSG.noteRequired],
    [{ orderStatus: 'CANCELLED', cancelNote: 'no reason' }, 'cancelReason', CANCEL_MSG.noteNeedsReason],
    [{ orderStatus: 'COMPLETED', cancelReason: 'DUPLICATE' }, 'cancelReason', CANCEL_MSG.reasonNeedsCancel],
    [{ cancelReason: 'DUPLICATE' }, 'cancelReason', CANCEL_MSG.reasonNeedsCancel],
    [{ orderStatus: 'CANCELLED', cancelReason: 'OTHER', cancelNote: 'x'.repeat(501) }, 'cancelNote', MSG.tooLong(500)],
  ])('refuses %j naming the field, and changes nothing', async (fields, field, message) => {
    const order = await placed();
    const res = await updateOrder(t, order.id, fields as Record<string, string>);
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).errors?.[field]).toEqual([textOf(message)]);
    expect(await reasonColumns(order.id)).toEqual({ status: 'PENDING', cancel_reason: null, cancel_note: null });
  });
});
