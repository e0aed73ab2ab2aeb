// The staff workbench: every order's timeline (placed, checked, read, status changes, edits, deletion
// requests), append-only, and the indexes the order list's filters and sorts need over a million orders.
// order_events has no foreign key to orders on purpose: a deleted order's events stay (docs/decisions/0054).
import type { Kysely } from 'kysely';

/** Filters of the order list, each leading an index that also gives the list's order (created_at, id). */
const FILTER_INDEXES = [
  ['orders_game_created_idx', 'game_id'],
  ['orders_payment_created_idx', 'payment_method'],
  ['orders_read_created_idx', 'is_read'],
  ['orders_operator_created_idx', 'operator_id'],
  ['orders_duplicate_created_idx', 'is_duplicate'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(36)')
    // Kept as it was at the time: the timeline still names someone whose account was deleted since.
    .addColumn('actor_email', 'varchar(254)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    // The status an event left the order in (STATUS_CHANGED only): the SLA query selects completions without JSON.
    .addColumn('to_status', 'varchar(16)')
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_at_idx').on('order_events').columns(['order_id', 'at']).execute();
  await db.schema.createIndex('order_events_type_at_idx').on('order_events').columns(['type', 'at']).execute();

  for (const [name, column] of FILTER_INDEXES) {
    await db.schema.createIndex(name).on('orders').columns([column, 'created_at', 'id']).execute();
  }
  // Status and verdict already lead an index with created_at (0001, 0007); these add the id for a stable order.
  await db.schema.createIndex('orders_status_created_id_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_verdict_created_id_idx').on('orders').columns(['verdict', 'created_at', 'id']).execute();
  await db.schema.dropIndex('orders_status_created_idx').execute();
  await db.schema.dropIndex('orders_verdict_created_idx').execute();
  // The default order with its tie-break: the export's keyset pages ((created_at, id) < …) are index ranges only then.
  await db.schema.createIndex('orders_created_id_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('orders_created_idx').execute();
  // The other sorts of the list.
  await db.schema.createIndex('orders_sub_total_idx').on('orders').columns(['sub_total', 'id']).execute();
  await db.schema.createIndex('orders_updated_idx').on('orders').columns(['updated_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_updated_idx').execute();
  await db.schema.dropIndex('orders_sub_total_idx').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.dropIndex('orders_created_id_idx').execute();
  await db.schema.createIndex('orders_verdict_created_idx').on('orders').columns(['verdict', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.dropIndex('orders_verdict_created_id_idx').execute();
  await db.schema.dropIndex('orders_status_created_id_idx').execute();
  for (const [name] of FILTER_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.dropTable('order_events').execute();
}
