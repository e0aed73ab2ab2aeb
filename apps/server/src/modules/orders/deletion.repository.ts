// Deleting orders: one by id, and finished ones in cleaning batches.
import type { Db } from '../../db/database.ts';

/** Deletes one order (its notifications go by cascade) and answers the files it named, or undefined. */
export function deleteOrder(db: Db, id: string) {
  return db.deleteFrom('orders').where('id', '=', id).returning(['screenshot', 'package_image', 'code']).executeTakeFirst();
}

/** Ids of finished (never PENDING) orders created before `before`, oldest first, at most `limit`. */
export function findCleanable(db: Db, statuses: readonly string[], before: string, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', statuses)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

/** Deletes those of `ids` that still match the cleaning rule (status re-checked here) and answers their files. */
export function deleteCleanable(db: Db, ids: string[], statuses: readonly string[], before: string) {
  return db
    .deleteFrom('orders')
    .where('id', 'in', ids)
    .where('status', 'in', statuses)
    .where('created_at', '<', before)
    .returning(['id', 'screenshot', 'package_image'])
    .execute();
}
