// One order read by its id or its short code: what every part of the orders module starts from.
import type { Db } from '../../db/database.ts';

export function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderByCode(db: Db, code: string) {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The short codes of these orders (those that still exist), by id. */
export async function codesOf(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'code']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.code]));
}
