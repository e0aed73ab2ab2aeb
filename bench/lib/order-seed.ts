// Bulk orders for bench/order-search.ts, generated inside the database (a recursive CTE on SQLite, generate_series on
// PostgreSQL) so a million rows take seconds. The data looks like a real shop's: a few games take most orders
// (skewed), regular buyers come back (200,000 players, each with one in-game id and one mobile number), transaction
// numbers are six digits, one order every 20 s. `terms(n)` gives realistic search terms that match rows of this set.
import { sql } from 'kysely';
import type { Db, Dialect } from '../../apps/server/src/db/database.ts';
import { rebuildFilterCounts } from '../../apps/server/src/db/migrations/0011-order-filter-search.ts';

/** Game, share of orders (%), and its packages. */
const GAMES: [string, number, string[]][] = [
  ['Mobile Legends: Bang Bang', 34, ['86 Diamonds', '172 Diamonds', '257 Diamonds', 'Weekly Diamond Pass']],
  ['PUBG Mobile', 18, ['60 UC', '325 UC', '660 UC', 'Royale Pass']],
  ['Free Fire', 14, ['100 Diamonds', '310 Diamonds', '520 Diamonds', 'Membership']],
  ['Genshin Impact', 9, ['60 Genesis Crystals', '300 Genesis Crystals', 'Welkin Moon', '980 Genesis Crystals']],
  ['Honor of Kings', 7, ['80 Tokens', '240 Tokens', '400 Tokens', '800 Tokens']],
  ['Call of Duty Mobile', 6, ['80 CP', '420 CP', '880 CP', 'Battle Pass']],
  ['Valorant', 4, ['475 VP', '1000 VP', '2050 VP', '3650 VP']],
  ['Clash of Clans', 3, ['80 Gems', '500 Gems', '1200 Gems', 'Gold Pass']],
  ['Arena of Valor', 2, ['90 Vouchers', '230 Vouchers', '470 Vouchers', '950 Vouchers']],
  ['Magic Chess: Go Go', 1, ['50 Diamonds', '100 Diamonds', '250 Diamonds', '500 Diamonds']],
  ['Roblox', 1, ['80 Robux', '400 Robux', '800 Robux', '1700 Robux']],
  ['Stumble Guys', 1, ['250 Gems', '600 Gems', '1300 Gems', '2800 Gems']],
];

/** 400 rows (k, game number, game, package): 100 weighted game slots × 4 packages; an order takes slot (i·37) mod 400. */
function titleRows(): [number, number, string, string][] {
  const slots = GAMES.flatMap(([title, weight, packages], g) => Array.from({ length: weight }, () => [g, title, packages] as const));
  if (slots.length !== 100) throw new Error('game weights must add up to 100');
  return slots.flatMap(([g, title, packages], s) => packages.map((p, j) => [s * 4 + j, g, title, p] as [number, number, string, string]));
}

/** Ids of the seeded games (by their place in GAMES) and of the five operators who work the orders. */
const gameId = (g: number) => `00000000-0000-4000-9000-${String(g).padStart(12, '0')}`;
const operatorId = (k: number) => `00000000-0000-4000-a000-${String(k).padStart(12, '0')}`;
const OPERATORS = 5;

/**
 * What the workbench filters by, as a shop's month looks: 10 % pending (never assigned), the rest worked by
 * one of five operators taking turns every 1,000 orders; 1 in 7 paid by phone bill; checks say match except 2 %
 * mismatch, 1 % unreadable, 0.5 % failed; 1 % reused transaction numbers; the newest 1 % not yet read.
 */
async function insertGamesAndOperators(db: Db): Promise<void> {
  const at = '2023-01-01T00:00:00.000Z';
  await db
    .insertInto('games')
    .values(
      GAMES.map(([title], g) => ({
        id: gameId(g),
        title,
        description: '',
        order_index: g,
        server_type: 'NONE',
        is_disable: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await db
    .insertInto('users')
    .values(
      Array.from({ length: OPERATORS }, (_, k) => ({
        id: operatorId(k),
        email: `operator${k}@bench.local`,
        password_hash: 'x',
        email_confirmed: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

const user = (i: number) => (i * 7919) % 200_000;
const inGameId = (u: number) => String(100_000_000 + ((u * 4271) % 800_000_000));
const mobile = (u: number) => `09${700_000_000 + ((u * 3041) % 299_999_999)}`;
const txn = (i: number) => String((i * 104_729 + 7) % 1_000_000).padStart(6, '0');

/**
 * Inserts orders 1..n (SQL mirrors the helpers above). On PostgreSQL the way a bulk load should go (9 min → under a
 * minute): the per-row count triggers (titles, filters) are off during the load and the counts rebuilt after,
 * and the trigram indexes are dropped before and rebuilt after (one GIN build instead of a million index updates).
 * Everything on one connection, restored in `finally` even if the load fails.
 */
export async function seedOrders(db: Db, dialect: Dialect, n: number): Promise<void> {
  await insertGamesAndOperators(db);
  if (dialect === 'sqlite') return insertOrders(db, dialect, n);
  await db.connection().execute(async (conn) => {
    const indexes = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = 'orders' and indexdef ilike '%gin_trgm_ops%'`.execute(conn);
    await sql`set maintenance_work_mem = '256MB'`.execute(conn);
    await sql`alter table orders disable trigger orders_title_counts_insert_delete`.execute(conn);
    await sql`alter table orders disable trigger orders_filter_counts_insert_delete`.execute(conn);
    try {
      for (const ix of indexes.rows) await sql`drop index ${sql.id(ix.name)}`.execute(conn);
      await insertOrders(conn, dialect, n);
    } finally {
      await sql`alter table orders enable trigger orders_title_counts_insert_delete`.execute(conn);
      await sql`alter table orders enable trigger orders_filter_counts_insert_delete`.execute(conn);
      await sql`delete from order_filter_counts`.execute(conn);
      await rebuildFilterCounts(conn);
      await sql`delete from order_title_counts`.execute(conn);
      await sql`insert into order_title_counts (game_title, package_title, n)
        select game_title, package_title, count(*) from orders group by game_title, package_title`.execute(conn);
      for (const ix of indexes.rows) await sql.raw(ix.def).execute(conn);
      await sql`reset maintenance_work_mem`.execute(conn);
    }
  });
  await sql`analyze orders`.execute(db);
}

/** Batches of 100,000 rows, one statement (its own transaction) each. */
async function insertOrders(db: Db, dialect: Dialect, n: number): Promise<void> {
  const values = sql.join(titleRows().map(([k, gi, g, p]) => sql`(${sql.lit(k)}, ${sql.lit(gameId(gi))}, ${sql.lit(g)}, ${sql.lit(p)})`));
  const unreadFrom = n - Math.floor(n / 100);
  const BATCH = 100_000;
  for (let from = 1; from <= n; from += BATCH) {
    const to = Math.min(n, from + BATCH - 1);
    if (dialect === 'sqlite') {
      await sql`
        with recursive seq(i) as (select ${sql.lit(from)} union all select i + 1 from seq where i < ${sql.lit(to)}),
          titles(k, gid, g, p) as (values ${values})
        insert into orders (id, in_game_user_id, server_info, mobile_number, game_id, game_title, package_id, package_title,
          package_unit, package_price, package_currency, package_image, payment_method, quantity, sub_total,
          transaction_number, screenshot, status, operator_id, operator_email, is_read, verdict, is_duplicate, created_at, updated_at)
        select printf('00000000-0000-4000-8000-%012d', i),
          cast(100000000 + (((i * 7919) % 200000) * 4271) % 800000000 as text), '',
          '09' || cast(700000000 + (((i * 7919) % 200000) * 3041) % 299999999 as text),
          t.gid, t.g, null, t.p, 86, 5000, 'MMK', null, case when i % 7 = 3 then 'PHONEBILL' else 'NORMAL' end, 1, 5000,
          printf('%06d', (i * 104729 + 7) % 1000000), 'bench.webp',
          case when i % 10 = 0 then 'PENDING' when i % 10 = 1 then 'CANCELLED' else 'COMPLETED' end,
          case when i % 10 = 0 then null else printf('00000000-0000-4000-a000-%012d', (i / 1000) % ${sql.lit(OPERATORS)}) end, null,
          case when i > ${sql.lit(unreadFrom)} then 0 else 1 end,
          case when i % 50 = 5 then 'mismatch' when i % 100 = 7 then 'unreadable' when i % 200 = 9 then 'failed' else 'match' end,
          case when i % 97 = 13 then 1 else 0 end,
          strftime('%Y-%m-%dT%H:%M:%fZ', 1672531200 + i * 20, 'unixepoch'),
          strftime('%Y-%m-%dT%H:%M:%fZ', 1672531200 + i * 20, 'unixepoch')
        from seq join titles t on t.k = (i * 37) % 400`.execute(db);
    } else {
      await sql`
        insert into orders (id, in_game_user_id, server_info, mobile_number, game_id, game_title, package_id, package_title,
          package_unit, package_price, package_currency, package_image, payment_method, quantity, sub_total,
          transaction_number, screenshot, status, operator_id, operator_email, is_read, verdict, is_duplicate, created_at, updated_at)
        select '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
          (100000000 + (((i::bigint * 7919) % 200000) * 4271) % 800000000)::text, '',
          '09' || (700000000 + (((i::bigint * 7919) % 200000) * 3041) % 299999999)::text,
          t.gid, t.g, null, t.p, 86, 5000, 'MMK', null, case when i % 7 = 3 then 'PHONEBILL' else 'NORMAL' end, 1, 5000,
          lpad(((i::bigint * 104729 + 7) % 1000000)::text, 6, '0'), 'bench.webp',
          case when i % 10 = 0 then 'PENDING' when i % 10 = 1 then 'CANCELLED' else 'COMPLETED' end,
          case when i % 10 = 0 then null else '00000000-0000-4000-a000-' || lpad(((i / 1000) % ${sql.lit(OPERATORS)})::text, 12, '0') end, null,
          case when i > ${sql.lit(unreadFrom)} then 0 else 1 end,
          case when i % 50 = 5 then 'mismatch' when i % 100 = 7 then 'unreadable' when i % 200 = 9 then 'failed' else 'match' end,
          case when i % 97 = 13 then 1 else 0 end, ts, ts
        from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}::bigint) i
          join (values ${values}) t(k, gid, g, p) on t.k = (i * 37) % 400
          cross join lateral (select to_char(timestamp '2023-01-01' + i * interval '20 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts) s`.execute(
        db,
      );
    }
  }
  if (dialect === 'sqlite') await sql`analyze`.execute(db);
}

/** The UTC date (YYYY-MM-DD) of order `i`; the set starts 2023-01-01 with one order every 20 s. */
const dayOf = (i: number) => new Date(Date.UTC(2023, 0, 1) + i * 20_000).toISOString().slice(0, 10);

/**
 * Search terms a staff member would type, each matching orders of a set of `n` rows; `query` adds the workbench's
 * filters and sorts to the request: each filter a shift uses alone, and with a title part, a transaction
 * number and a phone number.
 */
export function terms(n: number): { label: string; term: string; query?: string }[] {
  const i = Math.floor(n * 0.6543);
  const u = user(Math.floor(n * 0.2718));
  const searches = [
    { label: 'transaction number', term: txn(i) },
    { label: 'mobile number', term: mobile(u) },
    { label: 'game title part (smaller game)', term: 'valorant' },
  ];
  // A recent day of the set, as a shift looks at "today".
  const day = dayOf(n - 10_000);
  const filters = [
    { label: 'pending (10%)', query: 'status=PENDING' },
    { label: 'completed on one shop day', query: `status=COMPLETED&from=${day}&to=${day}` },
    { label: 'game (most ordered, 34%)', query: `gameId=${gameId(0)}` },
    { label: 'paid by phone bill (14%)', query: 'paymentMethod=PHONEBILL' },
    { label: 'verdict mismatch (2%)', query: 'verdict=mismatch' },
    { label: 'unread (1%)', query: 'isRead=false' },
    { label: 'operator (18%)', query: `operatorId=${operatorId(1)}` },
  ];
  return [
    ...searches,
    { label: 'in-game user id', term: inGameId(u) },
    { label: 'game title part (most ordered game)', term: 'legends' },
    { label: 'empty (newest first)', term: '' },
    { label: 'sort: highest amount first', term: '', query: 'sort=-subTotal' },
    ...filters.flatMap((f) => [
      { label: `filter: ${f.label}`, term: '', query: f.query },
      ...searches.map((s) => ({ label: `filter: ${f.label} + ${s.label}`, term: s.term, query: f.query })),
    ]),
  ];
}
