// The verdict reaches staff live: the official SignalR client receives `ReceiveOrderVerdict` when an order is checked
// again (the real path: API → queue row → hub), and the existing events are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB } from '@topup/contract/limits';
import type { OrderVerdictEvent } from '@topup/contract/verification';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectClient, createPackage, FAST, listen, placeOrder, TRANSPORTS, waitFor } from '../../realtime/hub.fixtures.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  // Checks paused: this suite is about delivery, the pipeline has its own.
  t = await buildTestApp({}, { build: { hub: FAST } });
  base = await listen(t);
});
afterAll(() => t.close());

describe('live verdicts', () => {
  for (const { name, transport } of TRANSPORTS) {
    it(`arrive as ReceiveOrderVerdict over ${name}, beside the unchanged order events`, async () => {
      const client = await connectClient(base, transport, () => t.tokens.accessToken);
      const verdicts: OrderVerdictEvent[] = [];
      client.connection.on(HUB.events.verdict, (e: OrderVerdictEvent) => verdicts.push(e));
      try {
        const order = await placeOrder(t, await createPackage(t));
        await waitFor(
          () => client.orders.some((o) => o.id === order.id) && client.notifications.some((n) => n.orderId === order.id),
          'order events',
        );
        expect(client.orders.find((o) => o.id === order.id)!.verdict).toBe('pending');

        const res = await t.app.inject({ method: 'POST', url: `/api/v1/Order/${order.id}/Verification`, headers: t.auth });
        expect(res.statusCode, res.body).toBe(200);
        await waitFor(() => verdicts.some((v) => v.orderId === order.id), 'ReceiveOrderVerdict');
        expect(verdicts.find((v) => v.orderId === order.id)).toEqual({ orderId: order.id, verdict: 'pending', isDuplicate: false });
      } finally {
        await client.stop();
      }
    }, 30_000);
  }
});
