import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderCreated } from '../../events/order-events.ts';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { countRows, createCatalog, orderFields, placeOrder } from './orders.fixtures.ts';

let t: TestApp;
const events: OrderCreated[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.events.onOrderCreated((e) => events.push(e));
});
afterAll(() => t.close());

it('a retried submission with the same idempotency key answers the placed order and places nothing twice', async () => {
  const { packageId } = await createCatalog(t);
  const key = randomUUID();
  const first = await placeOrder(t, orderFields(packageId, { idempotencyKey: key }));
  expect(first.statusCode).toBe(201);
  const before = await countRows(t);

  const retry = await placeOrder(t, orderFields(packageId, { idempotencyKey: key }));
  expect(retry.statusCode).toBe(201);
  expect(body<OrderDto>(retry).payLoad.id).toBe(body<OrderDto>(first).payLoad.id);
  expect(await countRows(t)).toEqual(before);
  expect(events).toHaveLength(1);

  // Two copies racing: exactly one order, both answered with it, no stray file.
  const raceKey = randomUUID();
  const [a, b] = await Promise.all([
    placeOrder(t, orderFields(packageId, { idempotencyKey: raceKey })),
    placeOrder(t, orderFields(packageId, { idempotencyKey: raceKey })),
  ]);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(body<OrderDto>(a).payLoad.id).toBe(body<OrderDto>(b).payLoad.id);
  const after = await countRows(t);
  expect(after.orders).toBe(before.orders + 1);
  expect(after.files).toBe(before.files + 1);

  const bad = await placeOrder(t, orderFields(packageId, { idempotencyKey: 'not-a-uuid' }));
  expect(bad.statusCode).toBe(400);
  expect(body(bad).errors?.idempotencyKey).toEqual(['Must be a UUID.']);
});
