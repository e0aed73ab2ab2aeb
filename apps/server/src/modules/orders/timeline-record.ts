// Appending an event to an order's timeline, apart from the timeline's reads (timeline.service.ts) so that
// whatever records an event (orders, the screenshot checks) needs no more than the database.
import { randomUUID } from 'node:crypto';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './timeline.repository.ts';

/** Someone signed in; null for the buyer and the shop itself. */
export type Actor = { id: string; email: string } | null;

/** What an event says, by its type: the contract's shapes, without what `record` fills in. */
export type EventBody = OrderEventDto extends infer E ? (E extends OrderEventDto ? Pick<E, 'type' | 'data'> : never) : never;

export type NewEvent = EventBody & { orderId: string; actor: Actor; at?: string };

/** Appends one event. `db` is the transaction of the change it records. */
export async function record(db: Db, event: NewEvent): Promise<void> {
  await repo.insertEvent(db, {
    id: randomUUID(),
    order_id: event.orderId,
    type: event.type,
    actor_id: event.actor?.id ?? null,
    actor_email: event.actor?.email ?? null,
    at: event.at ?? nowIso(),
    to_status: event.type === 'STATUS_CHANGED' ? event.data.to : null,
    data: JSON.stringify(event.data),
  });
}
