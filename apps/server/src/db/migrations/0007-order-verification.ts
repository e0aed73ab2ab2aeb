// Pre-checked orders. The verdict lives on the order (staff filter and badge by it); the check's own state,
// what was read and the fingerprints live in order_checks, one row per order, which is the durable truth of what is
// still to be checked: the queue only carries work, and a restart re-queues every row still 'queued'.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('verdict', 'varchar(16)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('is_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_verdict_created_idx').on('orders').columns(['verdict', 'created_at']).execute();
  // Reuse of a buyer's transaction number for the same payment method within 30 days.
  await db.schema
    .createIndex('orders_txn_method_idx')
    .on('orders')
    .columns(['transaction_number', 'payment_method', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_checks')
    .addColumn('order_id', 'varchar(36)', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    // An embedded worker holds a row until this time; a crashed worker's rows come free when it passes.
    .addColumn('lease_until', 'varchar(32)')
    // 1 once the screenshot was re-encoded (metadata stripped) and the order points at the clean file.
    .addColumn('cleaned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_hash', 'text')
    .addColumn('receipt_txn_id', 'varchar(40)')
    .addColumn('fields', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('order_checks_due_idx').on('order_checks').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('order_checks_receipt_txn_idx').on('order_checks').column('receipt_txn_id').execute();

  await db.schema
    .createTable('order_duplicates')
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('other_order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_duplicates_pk', ['order_id', 'other_order_id', 'reason'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_duplicates').execute();
  await db.schema.dropTable('order_checks').execute();
  await db.schema.dropIndex('orders_txn_method_idx').execute();
  await db.schema.dropIndex('orders_verdict_created_idx').execute();
  await db.schema.alterTable('orders').dropColumn('is_duplicate').execute();
  await db.schema.alterTable('orders').dropColumn('verdict').execute();
}
