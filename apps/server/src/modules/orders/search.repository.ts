// The staff's free-text search over orders on both databases (trigram indexes, trigger-kept title counts).
import { sql, type ExpressionBuilder } from 'kysely';
import { TRANSACTION_NUMBER_LENGTH } from '@topup/contract/limits';
import { containsPattern, ilike, type Db, type Dialect } from '../../db/database.ts';
import type { Database, OrderRow } from '../../db/schema.ts';

export const TITLE_COLUMNS = ['game_title', 'package_title'] as const;

export function anyContains(columns: readonly string[], term: string) {
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
export function sumTitleCounts(db: Db, term: string): Promise<number> {
  return db
    .selectFrom('order_title_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .$if(term !== '', (qb) => qb.where(anyContains(TITLE_COLUMNS, term)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
