// Orders and their notifications in the database, plus the one catalog read an order needs (package joined with its game).
import type { ExpressionBuilder } from 'kysely';
import { ilike, type Db } from '../../db/database.ts';
import type { Database, NotificationsTable, OrdersTable } from '../../db/schema.ts';

const SEARCH_COLUMNS = ['in_game_user_id', 'mobile_number', 'transaction_number', 'game_title', 'package_title'] as const;

function orderSearch(term: string) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => eb.or(SEARCH_COLUMNS.map((c) => ilike(c, term)));
}

/** The package a buyer picked, with what the order rules need from its game. */
export function findPackageWithGame(db: Db, packageId: string) {
  return db
    .selectFrom('token_packages as p')
    .innerJoin('games as g', 'g.id', 'p.game_id')
    .select([
      'p.id',
      'p.token_title',
      'p.unit',
      'p.price',
      'p.currency',
      'p.payment_method',
      'p.can_add_quantity',
      'p.package_image',
      'g.id as game_id',
      'g.title as game_title',
      'g.server_type',
      'g.is_disable',
    ])
    .where('p.id', '=', packageId)
    .executeTakeFirst();
}

export type PackageWithGame = NonNullable<Awaited<ReturnType<typeof findPackageWithGame>>>;

export function findGameServerType(db: Db, gameId: string) {
  return db
    .selectFrom('games')
    .select('server_type')
    .where('id', '=', gameId)
    .executeTakeFirst()
    .then((r) => r?.server_type ?? null);
}

export async function insertOrder(db: Db, row: OrdersTable) {
  await db.insertInto('orders').values(row).execute();
}

export async function insertNotification(db: Db, row: NotificationsTable) {
  await db.insertInto('notifications').values(row).execute();
}

export function findOrderByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function countOrders(db: Db, term: string): Promise<number> {
  return db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(term !== '', (qb) => qb.where(orderSearch(term)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Newest first; the id breaks ties so paging is stable when two orders share a timestamp. */
export function listOrders(db: Db, term: string, offset: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .$if(term !== '', (qb) => qb.where(orderSearch(term)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/**
 * Updates an order; with `expectScreenshot` only while its screenshot is still that one, so two admins replacing
 * the screenshot at once can't leave a file that no row names. Answers how many rows changed (0 or 1).
 */
export async function updateOrder(db: Db, id: string, changes: Partial<Omit<OrdersTable, 'id' | 'created_at'>>, expectScreenshot?: string) {
  const result = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .$if(expectScreenshot !== undefined, (qb) => qb.where('screenshot', '=', expectScreenshot!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one order (its notifications go by cascade) and answers the files it named, or undefined. */
export function deleteOrder(db: Db, id: string) {
  return db.deleteFrom('orders').where('id', '=', id).returning(['screenshot', 'package_image']).executeTakeFirst();
}

export async function markOrderRead(db: Db, id: string) {
  const result = await db.updateTable('orders').set({ is_read: 1 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markNotificationsRead(db: Db, orderId: string) {
  await db.updateTable('notifications').set({ is_read: 1 }).where('order_id', '=', orderId).where('is_read', '=', 0).execute();
}

export function countUnreadNotifications(db: Db, term: string): Promise<number> {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_read', '=', 0)
    .$if(term !== '', (qb) => qb.where(ilike('message', term)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listUnreadNotifications(db: Db, term: string, offset: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('is_read', '=', 0)
    .$if(term !== '', (qb) => qb.where(ilike('message', term)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
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
    .returning(['screenshot', 'package_image'])
    .execute();
}
