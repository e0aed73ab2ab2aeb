// Orders and their notifications in the database, plus the one catalog read an order needs (package joined with its game).
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { TRANSACTION_NUMBER_LENGTH } from '@topup/contract/limits';
import { normalizeOrderCode } from '@topup/contract/order-codes';
import type { OrderSort } from '@topup/contract/workbench';
import { containsPattern, ilike, type Db, type Dialect } from '../../db/database.ts';
import type { Database, NewOrderRow, NotificationsTable, OrderChanges, OrderRow } from '../../db/schema.ts';

const TITLE_COLUMNS = ['game_title', 'package_title'] as const;

function anyContains(columns: readonly string[], term: string) {
  return (eb: ExpressionBuilder<Database, 'orders' | 'order_title_counts' | 'order_filter_counts'>) =>
    eb.or(columns.map((c) => ilike(c, term)));
}

/** Longest stored mobile number: '+959' and 9 digits (packages/contract MobileNumber). */
const MOBILE_MAX_LENGTH = 13;

/**
 * "Some id column contains `term`", with only the columns that can: what the contract lets a column hold decides.
 * A transaction number is exactly 6 digits, so a 6-digit term must equal it (B-tree, migration 0006) and a longer or
 * non-digit term can't be in it; a mobile number is '+', digits and at most 13 characters. Each column dropped is a
 * trigram index scan saved (docs/decisions/0022-order-search-digits.md); the result is the same as the full OR.
 */
export function idColumnsMatch(term: string) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const parts = [ilike('in_game_user_id', term)];
    if (/^\+?\d+$/.test(term) && term.length <= MOBILE_MAX_LENGTH) parts.push(ilike('mobile_number', term));
    if (/^\d+$/.test(term) && term.length <= TRANSACTION_NUMBER_LENGTH) {
      parts.push(
        term.length === TRANSACTION_NUMBER_LENGTH ? sql<boolean>`transaction_number = ${term}` : ilike('transaction_number', term),
      );
    }
    return eb.or(parts);
  };
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

export async function insertOrder(db: Db, row: NewOrderRow) {
  await db.insertInto('orders').values(row).execute();
}

export async function insertNotification(db: Db, row: NotificationsTable) {
  await db.insertInto('notifications').values(row).execute();
}

export function findOrderByIdempotencyKey(db: Db, key: string) {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export function findOrderByCode(db: Db, code: string) {
  return db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listOperators(db: Db) {
  return db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
}

/** The short codes of these orders (those that still exist), by id. */
export async function codesOf(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'code']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.code]));
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
  const newest = (rows: OrderRow[]) =>
    rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
  if (term === '') {
    const [rows, total] = await Promise.all([
      db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      sumTitleCounts(db, ''),
    ]);
    return { rows, total };
  }
  const want = offset + limit;
  const idMatch = idColumnsMatch(term);
  // Round 1, in parallel: both title counts in one query, and the id-column matches (rows and count).
  const [{ titleTotal, allTotal }, ids] = await Promise.all([
    titleCounts(db, term),
    dialect === 'postgres' ? idMatchesPostgres(db, term, idMatch, want) : idMatchesSqlite(db, term, idMatch, want),
  ]);
  // Round 2, only when some title matches (never for a number, unless a package title holds it).
  const titleRows =
    titleTotal === 0
      ? []
      : titleTotal >= allTotal * 0.02
        ? // Common titles: walking newest first meets `want` matches soon.
          await db
            .selectFrom('orders')
            .selectAll()
            .where(anyContains(TITLE_COLUMNS, term))
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(want)
            .execute()
        : // Rare titles: only the orders of the matching (game, package) pairs, through orders_titles_filters_idx (0011).
          await db
            .selectFrom('orders')
            .selectAll()
            .where(
              sql<boolean>`(orders.game_title, orders.package_title) in (select c.game_title, c.package_title from order_title_counts c
                where lower(c.game_title) like ${containsPattern(term)} escape '\\' or lower(c.package_title) like ${containsPattern(term)} escape '\\')`,
            )
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(want)
            .execute();
  const byId = new Map([...ids.rows, ...titleRows].map((r) => [r.id, r]));
  return { rows: newest([...byId.values()]).slice(offset, offset + limit), total: titleTotal + ids.idOnly };
}

type IdMatch = ReturnType<typeof idColumnsMatch>;

/** SQLite: the FTS5 trigram table narrows to candidates (its case folding is wider than lower()); the LIKE decides. */
async function idMatchesSqlite(db: Db, term: string, idMatch: IdMatch, want: number) {
  const idMatches = db
    .selectFrom('orders')
    .$if([...term].length >= 3, (qb) =>
      qb.where(sql<boolean>`orders.rowid in (select rowid from orders_fts where orders_fts match ${`"${term.replace(/"/g, '""')}"`})`),
    )
    .where(idMatch);
  const [rows, idOnly] = await Promise.all([
    // Unary + keeps SQLite from walking the created_at index instead of using the trigram candidates.
    idMatches
      .selectAll()
      .orderBy(sql`+created_at`, 'desc')
      .orderBy('id', 'desc')
      .limit(want)
      .execute(),
    idMatches
      .where((eb) => eb.not(anyContains(TITLE_COLUMNS, term)(eb)))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return { rows, idOnly };
}

/**
 * PostgreSQL: ONE statement, so the trigram index scans run once for the page and the count: the matches (id, time,
 * whether a title matches too) are materialised, counted, and the newest `want` of them joined back to their rows.
 * Always answers one row (the count), with the order's columns null when nothing matched.
 */
async function idMatchesPostgres(db: Db, term: string, idMatch: IdMatch, want: number) {
  const matches = db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .select((eb) => anyContains(TITLE_COLUMNS, term)(eb).as('title_match'))
    .where(idMatch);
  const result = await sql<OrderRow & { id_only: number }>`
    with m as materialized (${matches}),
      c as (select count(*) filter (where not m.title_match) as id_only from m),
      top as (select m.id from m order by m.created_at desc, m.id desc limit ${want})
    select c.id_only, o.* from c left join (top join orders o on o.id = top.id) on true`.execute(db);
  const rows = result.rows.filter((r) => r.id !== null).map(({ id_only: _, ...row }) => row as OrderRow);
  return { rows, idOnly: Number(result.rows[0]?.id_only ?? 0) };
}

/** Orders whose titles contain `term`, and all orders, from the trigger-kept counts, in one query. */
function titleCounts(db: Db, term: string): Promise<{ titleTotal: number; allTotal: number }> {
  return db
    .selectFrom('order_title_counts')
    .select((eb) => [
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when(anyContains(TITLE_COLUMNS, term)(eb)).then(eb.ref('n')).else(0).end()), eb.lit(0))
        .as('title'),
      eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('all'),
    ])
    .executeTakeFirstOrThrow()
    .then((r) => ({ titleTotal: Number(r.title), allTotal: Number(r.all) }));
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

/** Deletes one order (its notifications go by cascade) and answers the files it named, or undefined. */
export function deleteOrder(db: Db, id: string) {
  return db.deleteFrom('orders').where('id', '=', id).returning(['screenshot', 'package_image', 'code']).executeTakeFirst();
}

export async function markOrderRead(db: Db, id: string) {
  const result = await db.updateTable('orders').set({ is_read: 1 }).where('id', '=', id).where('is_read', '=', 0).executeTakeFirst();
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
    .returning(['id', 'screenshot', 'package_image'])
    .execute();
}

/** The workbench's filters as the database sees them: instants already resolved in the shop's time zone. */
export type OrderWhere = {
  status?: string;
  gameId?: string;
  paymentMethod?: string;
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant. */
  to?: string;
  verdict?: string;
  isRead?: boolean;
  operatorId?: string;
  searchTerm: string;
};

/** Sort keys of the list: column, direction; `id` in the same direction breaks ties (and is the keyset's last key). */
export const SORT_COLUMNS = {
  '-createdAt': ['created_at', 'desc'],
  createdAt: ['created_at', 'asc'],
  '-subTotal': ['sub_total', 'desc'],
  subTotal: ['sub_total', 'asc'],
  '-updatedAt': ['updated_at', 'desc'],
  updatedAt: ['updated_at', 'asc'],
} as const satisfies Record<OrderSort, readonly [string, 'asc' | 'desc']>;

/**
 * The filters (not the search term) as conditions on unqualified column names, so they apply to `orders` and to any
 * CTE that carries its filter columns (`FILTER_COLUMNS`).
 */
function filterConditions(f: OrderWhere) {
  const c = (column: string) => sql.ref(column);
  const parts: RawBuilder<boolean>[] = [];
  if (f.status !== undefined) parts.push(sql<boolean>`${c('status')} = ${f.status}`);
  if (f.gameId !== undefined) parts.push(sql<boolean>`${c('game_id')} = ${f.gameId}`);
  if (f.paymentMethod !== undefined) parts.push(sql<boolean>`${c('payment_method')} = ${f.paymentMethod}`);
  if (f.from !== undefined) parts.push(sql<boolean>`${c('created_at')} >= ${f.from}`);
  if (f.to !== undefined) parts.push(sql<boolean>`${c('created_at')} < ${f.to}`);
  if (f.verdict !== undefined)
    parts.push(f.verdict === 'duplicate' ? sql<boolean>`${c('is_duplicate')} = 1` : sql<boolean>`${c('verdict')} = ${f.verdict}`);
  if (f.isRead !== undefined) parts.push(sql<boolean>`${c('is_read')} = ${f.isRead ? 1 : 0}`);
  if (f.operatorId !== undefined) parts.push(sql<boolean>`${c('operator_id')} = ${f.operatorId}`);
  return parts;
}

/** Every column a filter reads (the covering index of migration 0011 carries them all). */
const FILTER_COLUMNS = ['status', 'game_id', 'payment_method', 'created_at', 'verdict', 'is_duplicate', 'is_read', 'operator_id'] as const;

const allOf = (parts: RawBuilder<boolean>[]) => (parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(parts, sql` and `)}`);

/**
 * Orders matching every given filter (AND) and the search term: the same term as the plain search (id columns,
 * titles, or an exact order code). Each filter leads an index with (created_at, id) (migration 0010), so a page in
 * the default order reads only its rows.
 */
export function filteredOrders(db: Db, f: OrderWhere) {
  const term = f.searchTerm;
  const code = term ? normalizeOrderCode(term) : null;
  const filters = filterConditions(f);
  return db
    .selectFrom('orders')
    .$if(filters.length > 0, (qb) => qb.where(allOf(filters)))
    .$if(term !== '', (qb) =>
      qb.where((eb) => eb.or([idColumnsMatch(term)(eb), anyContains(TITLE_COLUMNS, term)(eb), ...(code ? [eb('code', '=', code)] : [])])),
    );
}

export type FilteredQuery = ReturnType<typeof filteredOrders>;

export function sorted(qb: FilteredQuery, sort: OrderSort) {
  const [column, direction] = SORT_COLUMNS[sort];
  return qb.orderBy(column, direction).orderBy('id', direction);
}

/** One page of the filtered list and the exact count of it. */
export async function listFiltered(db: Db, dialect: Dialect, f: OrderWhere, sort: OrderSort, offset: number, limit: number) {
  // A search term the trigram indexes can narrow (3+ characters): count and page from the search side (below).
  if ([...f.searchTerm].length >= 3) return searchFiltered(db, dialect, f, sort, offset, limit);
  const base = filteredOrders(db, f);
  // Only another sort: every order counts, and the trigger-kept title counts know how many without a scan.
  const unfiltered = Object.entries(f).every(([key, value]) => value === undefined || (key === 'searchTerm' && value === ''));
  const [rows, total] = await Promise.all([
    sorted(base, sort).selectAll().offset(offset).limit(limit).execute(),
    unfiltered
      ? sumTitleCounts(db, '')
      : f.searchTerm === '' && !hasDateRange(f)
        ? sumFilterCounts(db, f, null)
        : base
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
            .then((r) => Number(r.n)),
  ]);
  return { rows, total };
}

const hasDateRange = (f: OrderWhere) => f.from !== undefined || f.to !== undefined;

/**
 * Orders passing the filters (no date range: the counts have no time), and whose titles contain `term` unless it is
 * null, from the trigger-kept counts per combination (migration 0011): a sum over thousands of rows.
 */
function sumFilterCounts(db: Db, f: OrderWhere, term: string | null): Promise<number> {
  const filters = filterConditions(f);
  return db
    .selectFrom('order_filter_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .$if(filters.length > 0, (qb) => qb.where(allOf(filters)))
    .$if(term !== null, (qb) => qb.where(anyContains(TITLE_COLUMNS, term!)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A matching order's place in the sort: the sort column's value and the id. */
type SortKey = { id: string; k: string | number };

/**
 * A search term with filters, split like the plain search (0019/0022, decision 0060) so nothing walks every row a
 * filter keeps: matches = (orders of the (game, package) pairs whose titles contain the term) + (id-column or code
 * matches whose titles don't). Title side: per pair, a range of the covering index (game_title, package_title,
 * created_at, id, <filter columns>) of migration 0011, counted and paged index-only. Id side: the few candidates
 * of the trigram index (FTS5 on SQLite), materialised, then filtered. The page is the merge of both sides' first
 * `offset + limit` keys; only its rows are read in full. Exactly the rows and count of `filteredOrders`.
 */
async function searchFiltered(db: Db, dialect: Dialect, f: OrderWhere, sort: OrderSort, offset: number, limit: number) {
  const [column, direction] = SORT_COLUMNS[sort];
  const want = offset + limit;
  const pairs = await matchingPairs(db, f.searchTerm);
  const [ids, titles] = await Promise.all([
    idSide(db, dialect, f, column, direction, want),
    pairs.length === 0 ? { count: 0, top: [] } : titleSide(db, f, pairs, column, direction, want),
  ]);
  const byId = new Map([...ids.top, ...titles.top].map((r) => [r.id, r]));
  const sign = direction === 'desc' ? -1 : 1;
  const order = (a: SortKey, b: SortKey) => sign * (a.k === b.k ? (a.id < b.id ? -1 : 1) : a.k < b.k ? -1 : 1);
  const pageIds = [...byId.values()]
    .sort(order)
    .slice(offset, want)
    .map((r) => r.id);
  const rows = pageIds.length === 0 ? [] : await db.selectFrom('orders').selectAll().where('id', 'in', pageIds).execute();
  const place = new Map(pageIds.map((id, i) => [id, i]));
  return { rows: rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!), total: titles.count + ids.idOnly };
}

type TitlePair = { game_title: string; package_title: string };

/** The (game, package) pairs with orders whose titles contain `term`, from the trigger-kept counts (hundreds of rows). */
function matchingPairs(db: Db, term: string): Promise<TitlePair[]> {
  return db
    .selectFrom('order_title_counts')
    .select(['game_title', 'package_title'])
    .where('n', '>', 0)
    .where(anyContains(TITLE_COLUMNS, term))
    .execute();
}

/** Orders of these pairs that pass the filters: their count, and the first `want` keys in the sort's order. */
async function titleSide(db: Db, f: OrderWhere, pairs: TitlePair[], column: string, direction: 'asc' | 'desc', want: number) {
  const filters = filterConditions(f);
  const ofPair = (p: TitlePair) => sql<boolean>`game_title = ${p.game_title} and package_title = ${p.package_title} and ${allOf(filters)}`;
  const dir = sql.raw(direction);
  const counts = sql<{ n: number | string }>`${sql.join(
    pairs.map((p) => sql`select count(*) as n from orders where ${ofPair(p)}`),
    sql` union all `,
  )}`;
  // Sorted by time, each pair's first `want` are a backward (or forward) range of the covering index; the other sorts
  // have no per-pair index, so they walk their own index with the title condition.
  const keys =
    column === 'created_at'
      ? sql<SortKey>`${sql.join(
          pairs.map(
            (p, i) =>
              sql`select * from (select id, created_at as k from orders where ${ofPair(p)} order by created_at ${dir}, id ${dir} limit ${want}) ${sql.id(`p${i}`)}`,
          ),
          sql` union all `,
        )}`
      : sql<SortKey>`select id, ${sql.ref(column)} as k from orders where ${allOf(filters)} and (${sql.join(
          pairs.map((p) => sql`(game_title = ${p.game_title} and package_title = ${p.package_title})`),
          sql` or `,
        )}) order by ${sql.ref(column)} ${dir}, id ${dir} limit ${want}`;
  // Without a date range the trigger-kept counts answer; with one, the pairs' ranges of the covering index.
  const count = hasDateRange(f)
    ? counts.execute(db).then((r) => r.rows.reduce((sum, row) => sum + Number(row.n), 0))
    : sumFilterCounts(db, f, f.searchTerm);
  const [total, top] = await Promise.all([count, keys.execute(db)]);
  return { count: total, top: top.rows };
}

/**
 * Orders an id column or the order code matches, whatever their titles, that pass the filters: the first `want` keys,
 * and how many of them the title side does not already count. The candidates come from the trigram index and are
 * materialised first, so the planner can't trade them for a walk of a filter's index (decision 0060).
 */
async function idSide(db: Db, dialect: Dialect, f: OrderWhere, column: string, direction: 'asc' | 'desc', want: number) {
  const term = f.searchTerm;
  const code = normalizeOrderCode(term);
  const candidates = db
    .selectFrom('orders')
    .select(['id', ...FILTER_COLUMNS])
    .select(sql.ref(column).as('k'))
    .select((eb) => anyContains(TITLE_COLUMNS, term)(eb).as('title_match'))
    .where((eb) => {
      const ids = idColumnsMatch(term)(eb);
      // SQLite: the FTS5 trigram table narrows to candidates (its case folding is wider than lower()); the LIKE decides.
      const narrowed =
        dialect === 'sqlite'
          ? eb.and([
              sql<boolean>`orders.rowid in (select rowid from orders_fts where orders_fts match ${`"${term.replace(/"/g, '""')}"`})`,
              ids,
            ])
          : ids;
      return code ? eb.or([narrowed, eb('code', '=', code)]) : narrowed;
    });
  const dir = sql.raw(direction);
  const result = await sql<SortKey & { id_only: number | string }>`
    with m as materialized ${candidates},
      kept as (select id, k, title_match from m where ${allOf(filterConditions(f))})
    select (select count(*) from kept where not title_match) as id_only, top.id, top.k
    from (select 1 as one) one left join (select id, k from kept order by k ${dir}, id ${dir} limit ${want}) top on 1 = 1`.execute(db);
  const top = result.rows.filter((r) => r.id !== null).map(({ id, k }) => ({ id, k }));
  return { top, idOnly: Number(result.rows[0]?.id_only ?? 0) };
}

export async function countFiltered(db: Db, f: OrderWhere) {
  const row = await filteredOrders(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of the first `limit` matching orders in the sort's order. */
export function idsFiltered(db: Db, f: OrderWhere, sort: OrderSort, limit: number) {
  return sorted(filteredOrders(db, f), sort)
    .select('id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

export type Keyset = { value: string | number; id: string };

/**
 * The next `limit` matching rows after `after` in the sort's order (keyset paging: each page is an index range read,
 * however deep into the result, and nothing is held between pages but the last key). The query, not yet run: the
 * export runs it through `ctx.eachRow` on PostgreSQL.
 */
export function pageAfter(db: Db, f: OrderWhere, sort: OrderSort, after: Keyset | null, limit: number) {
  const [column, direction] = SORT_COLUMNS[sort];
  const cmp = direction === 'desc' ? '<' : '>';
  return sorted(
    filteredOrders(db, f).$if(after !== null, (qb) =>
      // A row value, so both databases read it as one range of the (…, column, id) index.
      qb.where(sql<boolean>`(${sql.ref(column)}, id) ${sql.raw(cmp)} (${after!.value}, ${after!.id})`),
    ),
    sort,
  )
    .selectAll()
    .limit(limit);
}
