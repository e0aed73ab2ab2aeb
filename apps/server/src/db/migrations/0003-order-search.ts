// Fast admin order search (docs/decisions/0019-performance-budgets.md). Two structures, kept in step by the database:
// - order_title_counts: orders per (game_title, package_title), maintained by triggers on orders, so the count of
//   orders whose titles match a term (often hundreds of thousands) is a sum over a few hundred rows, and the count of
//   all orders needs no scan;
// - a trigram index over in-game user id, mobile number and transaction number for "contains" search: on SQLite an
//   FTS5 table with the trigram tokenizer (external content = orders, kept by the same triggers); on PostgreSQL GIN
//   trigram indexes on lower(column) (pg_trgm). When pg_trgm can't be created the search stays correct, only slower.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = await isPostgres(db);
  await db.schema
    .createTable('order_title_counts')
    .addColumn('game_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('package_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_title_counts_pk', ['game_title', 'package_title'])
    .execute();
  await sql`insert into order_title_counts (game_title, package_title, n)
    select game_title, package_title, count(*) from orders group by game_title, package_title`.execute(db);
  // Orders of rarely ordered titles, newest first, without scanning every order.
  await db.schema.createIndex('orders_titles_created_idx').on('orders').columns(['game_title', 'package_title', 'created_at']).execute();
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>) {
  await sql`create virtual table orders_fts using fts5(in_game_user_id, mobile_number, transaction_number,
    content='orders', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into orders_fts(orders_fts) values ('rebuild')`.execute(db);
  const ftsAdd = (row: 'new') =>
    sql.raw(`insert into orders_fts (rowid, in_game_user_id, mobile_number, transaction_number)
      values (${row}.rowid, ${row}.in_game_user_id, ${row}.mobile_number, ${row}.transaction_number);`);
  const ftsRemove = sql.raw(`insert into orders_fts (orders_fts, rowid, in_game_user_id, mobile_number, transaction_number)
      values ('delete', old.rowid, old.in_game_user_id, old.mobile_number, old.transaction_number);`);
  const countAdd = sql.raw(`insert into order_title_counts (game_title, package_title, n) values (new.game_title, new.package_title, 1)
      on conflict (game_title, package_title) do update set n = n + 1;`);
  const countRemove =
    sql.raw(`update order_title_counts set n = n - 1 where game_title = old.game_title and package_title = old.package_title;
    delete from order_title_counts where game_title = old.game_title and package_title = old.package_title and n <= 0;`);
  await sql`create trigger orders_search_insert after insert on orders begin ${ftsAdd('new')} ${countAdd} end`.execute(db);
  await sql`create trigger orders_search_delete after delete on orders begin ${ftsRemove} ${countRemove} end`.execute(db);
  await sql`create trigger orders_search_update_ids after update of in_game_user_id, mobile_number, transaction_number on orders
    begin ${ftsRemove} ${ftsAdd('new')} end`.execute(db);
  await sql`create trigger orders_search_update_titles after update of game_title, package_title on orders
    begin ${countRemove} ${countAdd} end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`create function order_title_counts_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update order_title_counts set n = n - 1 where game_title = old.game_title and package_title = old.package_title;
        delete from order_title_counts where game_title = old.game_title and package_title = old.package_title and n <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into order_title_counts (game_title, package_title, n) values (new.game_title, new.package_title, 1)
          on conflict (game_title, package_title) do update set n = order_title_counts.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_title_counts_insert_delete after insert or delete on orders
    for each row execute function order_title_counts_keep()`.execute(db);
  await sql`create trigger orders_title_counts_update after update of game_title, package_title on orders
    for each row when (old.game_title is distinct from new.game_title or old.package_title is distinct from new.package_title)
    execute function order_title_counts_keep()`.execute(db);
  const trgm = await trigramSchema(db);
  if (!trgm) return;
  const ops = sql.raw(`${quoteIdent(trgm)}.gin_trgm_ops`);
  for (const column of ['in_game_user_id', 'mobile_number', 'transaction_number']) {
    await sql`create index ${sql.id(`orders_${column}_trgm_idx`)} on orders using gin (lower(${sql.ref(column)}) ${ops})`.execute(db);
  }
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The schema holding pg_trgm, creating the extension (in `public`) when it is missing and allowed; null otherwise. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  // A savepoint, because the migration runs in a transaction and a refused CREATE EXTENSION would abort it.
  await sql`savepoint order_search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint order_search_trgm`.execute(db);
  } catch {
    // No right to create it, not installed on this server, or another migration created it at the same moment.
    await sql`rollback to savepoint order_search_trgm`.execute(db);
  }
  return find();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists orders_title_counts_insert_delete on orders`.execute(db);
    await sql`drop trigger if exists orders_title_counts_update on orders`.execute(db);
    await sql`drop function if exists order_title_counts_keep()`.execute(db);
    for (const column of ['in_game_user_id', 'mobile_number', 'transaction_number']) {
      await db.schema.dropIndex(`orders_${column}_trgm_idx`).ifExists().execute();
    }
  } else {
    for (const t of ['orders_search_insert', 'orders_search_delete', 'orders_search_update_ids', 'orders_search_update_titles']) {
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    }
    await sql`drop table if exists orders_fts`.execute(db);
  }
  await db.schema.dropIndex('orders_titles_created_idx').execute();
  await db.schema.dropTable('order_title_counts').execute();
}
