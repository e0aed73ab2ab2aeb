// Orders and their notifications in the database, plus the one catalog read an order needs (package joined with its game).
import { sql, type ExpressionBuilder } from 'kysely';
import { containsPattern, ilike, type Db, type Dialect } from '../../db/database.ts';
import type { Database, NotificationsTable, OrdersTable } from '../../db/schema.ts';

const ID_COLUMNS = ['in_game_user_id', 'mobile_number', 'transaction_number'] as const;
const TITLE_COLUMNS = ['game_title', 'package_title'] as const;

function anyContains(columns: readonly string[], term: string) {
  return (eb: ExpressionBuilder<Database, 'orders' | 'order_title_counts'>) => eb.or(columns.map((c) => ilike(c, term)));
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

/**
 * Admin order search: orders whose in-game user id, mobile number, transaction number, game title or package title
 * contains `term` (case-insensitive; '' = all), newest first, and the exact number of them. Migration 0003 explains
 * the structures: title matches are counted from order_title_counts; id-column matches are found through a trigram
 * index (FTS5 on SQLite, pg_trgm on PostgreSQL) and counted when their titles don't already match. The page is the
 * newest of the id matches merged with the newest of the title matches.
 */
export async function searchOrders(db: Db, dialect: Dialect, term: string, offset: number, limit: number) {
  const newest = (rows: OrdersTable[]) =>
    rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
  if (term === '') {
    const [rows, total] = await Promise.all([
      db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      sumTitleCounts(db, ''),
    ]);
    return { rows, total };
  }
  const want = offset + limit;
  const [titleTotal, allTotal] = await Promise.all([sumTitleCounts(db, term), sumTitleCounts(db, '')]);
  const idMatches = db
    .selectFrom('orders')
    .$if(dialect === 'sqlite' && [...term].length >= 3, (qb) =>
      // The FTS5 trigram table narrows to candidates (its case folding is wider than lower()); the LIKE decides.
      qb.where(sql<boolean>`orders.rowid in (select rowid from orders_fts where orders_fts match ${`"${term.replace(/"/g, '""')}"`})`),
    )
    .where(anyContains(ID_COLUMNS, term));
  const [idRows, idOnly, titleRows] = await Promise.all([
    // Unary + keeps SQLite from walking the created_at index instead of using the trigram candidates.
    idMatches.selectAll().orderBy(dialect === 'sqlite' ? sql`+created_at` : sql`created_at`, 'desc').orderBy('id', 'desc').limit(want).execute(),
    idMatches
      .where((eb) => eb.not(anyContains(TITLE_COLUMNS, term)(eb)))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
    titleTotal === 0
      ? Promise.resolve([] as OrdersTable[])
      : titleTotal >= allTotal * 0.02
        ? // Common titles: walking newest first meets `want` matches soon.
          db.selectFrom('orders').selectAll().where(anyContains(TITLE_COLUMNS, term)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(want).execute()
        : // Rare titles: only the orders of the matching (game, package) pairs, through orders_titles_created_idx.
          db
            .selectFrom('orders')
            .selectAll()
            .where(
              sql<boolean>`(orders.game_title, orders.package_title) in (select c.game_title, c.package_title from order_title_counts c
                where lower(c.game_title) like ${containsPattern(term)} escape '\\' or lower(c.package_title) like ${containsPattern(term)} escape '\\')`,
            )
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(want)
            .execute(),
  ]);
  const byId = new Map([...idRows, ...titleRows].map((r) => [r.id, r]));
  return { rows: newest([...byId.values()]).slice(offset, offset + limit), total: titleTotal + idOnly };
}

/** Orders whose game or package title contains `term` ('' = all orders), from the trigger-kept counts. */
function sumTitleCounts(db: Db, term: string): Promise<number> {
  return db
    .selectFrom('order_title_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .$if(term !== '', (qb) => qb.where(anyContains(TITLE_COLUMNS, term)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
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
