// The order list's filters over a million orders (docs/decisions/0060-order-list-filters.md):
// - order_filter_counts: orders per combination of the filter columns and the titles, kept by triggers like
//   0003's order_title_counts. Filters without a date range are counted by summing its matching rows (thousands of
//   rows, not the 100,000s of orders a filter keeps), with a search term only the rows of matching titles. A
//   missing game, verdict or operator is stored as '' so the combination can be a primary key (no filter asks for
//   "none").
// - A search term with a date range is counted and paged per (game_title, package_title) pair, so one index leads
//   with the pair and the time, and carries every filter column: such a count or page reads only this index. It
//   replaces 0003's (game_title, package_title, created_at), its prefix.
// - 0006's index on transaction_number duplicates 0001's (the same single column): dropped, one fewer per write.
import { sql, type CreateTableBuilder, type Kysely, type QueryExecutorProvider } from 'kysely';
import { isPostgres } from './dialect.ts';

const TITLE_FILTER_COLUMNS = [
  'game_title',
  'package_title',
  'created_at',
  'id',
  'status',
  'game_id',
  'payment_method',
  'verdict',
  'is_duplicate',
  'is_read',
  'operator_id',
];

/** The counted columns; those that may be null in `orders` are kept as ''. */
export const FILTER_COUNT_COLUMNS = [
  'game_title',
  'package_title',
  'status',
  'game_id',
  'payment_method',
  'verdict',
  'is_duplicate',
  'is_read',
  'operator_id',
] as const;
const NULLABLE = new Set(['game_id', 'verdict', 'operator_id']);
const valueOf = (row: string, c: string) => (NULLABLE.has(c) ? `coalesce(${row}.${c}, '')` : `${row}.${c}`);
const COLUMN_LIST = FILTER_COUNT_COLUMNS.join(', ');

/** Rebuilds the counts from the orders (the migration, and a bulk load that ran with the triggers off). */
export function rebuildFilterCounts(db: QueryExecutorProvider) {
  const values = FILTER_COUNT_COLUMNS.map((c) => valueOf('orders', c)).join(', ');
  return sql`insert into order_filter_counts (${sql.raw(COLUMN_LIST)}, n) select ${sql.raw(values)}, count(*) from orders group by ${sql.raw(values)}`.execute(
    db,
  );
}

function countSql(postgres: boolean) {
  const match = (row: string) => FILTER_COUNT_COLUMNS.map((c) => `${c} = ${valueOf(row, c)}`).join(' and ');
  const add = `insert into order_filter_counts (${COLUMN_LIST}, n) values (${FILTER_COUNT_COLUMNS.map((c) => valueOf('new', c)).join(', ')}, 1)
      on conflict (${COLUMN_LIST}) do update set n = ${postgres ? 'order_filter_counts.n' : 'n'} + 1;`;
  const remove = `update order_filter_counts set n = n - 1 where ${match('old')};
      delete from order_filter_counts where ${match('old')} and n <= 0;`;
  return { add, remove };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = await isPostgres(db);
  let table: CreateTableBuilder<'order_filter_counts', string> = db.schema.createTable('order_filter_counts');
  for (const c of FILTER_COUNT_COLUMNS)
    table = table.addColumn(c, c === 'is_duplicate' || c === 'is_read' ? 'integer' : 'varchar(100)', (col) => col.notNull());
  await table
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_filter_counts_pk', [...FILTER_COUNT_COLUMNS])
    .execute();
  await rebuildFilterCounts(db);
  const { add, remove } = countSql(postgres);
  const changed = FILTER_COUNT_COLUMNS.join(', ');
  if (postgres) {
    // An update moves one order between two combinations: their rows are always locked lower key first, so two
    // orders moving opposite ways at once (PENDING → COMPLETED and back) can't deadlock.
    const key = (row: string) => `row(${FILTER_COUNT_COLUMNS.map((c) => valueOf(row, c)).join(', ')})`;
    await sql`create function order_filter_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and ${sql.raw(key('new'))} < ${sql.raw(key('old'))} then
          ${sql.raw(add)} ${sql.raw(remove)}
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then ${sql.raw(remove)} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${sql.raw(add)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_filter_counts_insert_delete after insert or delete on orders
      for each row execute function order_filter_counts_keep()`.execute(db);
    await sql`create trigger orders_filter_counts_update after update of ${sql.raw(changed)} on orders
      for each row when (${sql.raw(FILTER_COUNT_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or '))})
      execute function order_filter_counts_keep()`.execute(db);
  } else {
    await sql`create trigger orders_filter_counts_insert after insert on orders begin ${sql.raw(add)} end`.execute(db);
    await sql`create trigger orders_filter_counts_delete after delete on orders begin ${sql.raw(remove)} end`.execute(db);
    await sql`create trigger orders_filter_counts_update after update of ${sql.raw(changed)} on orders begin ${sql.raw(remove)} ${sql.raw(add)} end`.execute(
      db,
    );
  }
  await db.schema.createIndex('orders_titles_filters_idx').on('orders').columns(TITLE_FILTER_COLUMNS).execute();
  await db.schema.dropIndex('orders_titles_created_idx').execute();
  await db.schema.dropIndex('orders_transaction_number_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_transaction_number_idx').on('orders').column('transaction_number').execute();
  await db.schema.createIndex('orders_titles_created_idx').on('orders').columns(['game_title', 'package_title', 'created_at']).execute();
  await db.schema.dropIndex('orders_titles_filters_idx').execute();
  if (await isPostgres(db)) {
    await sql`drop trigger if exists orders_filter_counts_update on orders`.execute(db);
    await sql`drop trigger if exists orders_filter_counts_insert_delete on orders`.execute(db);
    await sql`drop function if exists order_filter_counts_keep()`.execute(db);
  } else {
    for (const t of ['orders_filter_counts_insert', 'orders_filter_counts_delete', 'orders_filter_counts_update'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable('order_filter_counts').execute();
}
