// Writes of a change to an order: the guarded update (concurrent changes), and marking it and its notifications read.
import type { Db } from '../../db/database.ts';
import type { OrderChanges } from '../../db/schema.ts';

/**
 * Updates an order only while it is as the caller read it: same `updatedAt`, and with `screenshot` the same
 * screenshot (the check may swap in its re-encoded file without touching `updatedAt`), so two admins replacing the
 * screenshot at once can't leave a file that no row names. Answers how many rows changed (0 or 1).
 */
export async function updateOrder(
  db: Db,
  id: string,
  changes: Omit<OrderChanges, 'id' | 'created_at'>,
  expect: { updatedAt?: string; screenshot?: string } = {},
) {
  const result = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .$if(expect.updatedAt !== undefined, (qb) => qb.where('updated_at', '=', expect.updatedAt!))
    .$if(expect.screenshot !== undefined, (qb) => qb.where('screenshot', '=', expect.screenshot!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markOrderRead(db: Db, id: string) {
  const result = await db.updateTable('orders').set({ is_read: 1 }).where('id', '=', id).where('is_read', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markNotificationsRead(db: Db, orderId: string) {
  await db.updateTable('notifications').set({ is_read: 1 }).where('order_id', '=', orderId).where('is_read', '=', 0).execute();
}
