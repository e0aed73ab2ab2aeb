// The order list with filters and sorts (search inside), paged by offset or keyset; bulk and export read it too.
import { sql, type RawBuilder } from 'kysely';
import { normalizeOrderCode } from '@topup/contract/order-codes';
import type { OrderSort } from '@topup/contract/order-list';
import type { Db, Dialect } from '../../db/database.ts';
import { TITLE_COLUMNS, anyContains, idColumnsMatch, sumTitleCounts } from './search.repository.ts';

export function listOperators(db: Db) {
  return db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
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
  /** received, amount_differs or not_received (no notice said either). */
  payment?: string;
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
  if (f.payment !== undefined)
    parts.push(
      f.payment === 'not_received' ? sql<boolean>`${c('payment_state')} is null` : sql<boolean>`${c('payment_state')} = ${f.payment}`,
    );
  return parts;
}

/** Every column a filter reads (the covering index of migration 0011 carries them all but payment_state, from 0020). */
const FILTER_COLUMNS = [
  'status',
  'game_id',
  'payment_method',
  'created_at',
  'verdict',
  'is_duplicate',
  'is_read',
  'operator_id',
  'payment_state',
] as const;

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

/** The trigger-kept counts have no time and no payment state (migration 0020 came later): those filters count rows. */
const hasDateRange = (f: OrderWhere) => f.from !== undefined || f.to !== undefined || f.payment !== undefined;

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
