// Staff alerts through Web Push (modules/staff-alerts): each person's devices, what they want to hear about, the
// owners' "about to be late" share of the delivery promise, and one delivery row per order, kind and device. That
// row's unique key is the claim: however many instances see an event or scan for late orders, one row is written
// and one instance (holding its lease) sends it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    .addColumn('label', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('staff_alert_preferences')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('late_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('check_problem', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('quiet_start', 'varchar(5)')
    .addColumn('quiet_end', 'varchar(5)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_alert_settings')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('late_at_percent', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_alert_deliveries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // No foreign key to orders: a deleted order's pending alerts are dropped when their turn comes.
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subscription_id', 'varchar(36)', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    // queued, sent, dropped (the order was opened or taken meanwhile), failed (out of attempts)
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addUniqueConstraint('staff_alert_deliveries_claim', ['order_id', 'kind', 'subscription_id'])
    .execute();
  await db.schema
    .createIndex('staff_alert_deliveries_due_idx')
    .on('staff_alert_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('staff_alert_deliveries_subscription_idx').on('staff_alert_deliveries').column('subscription_id').execute();
  await db.schema.createIndex('staff_alert_deliveries_created_idx').on('staff_alert_deliveries').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_alert_deliveries').execute();
  await db.schema.dropTable('staff_alert_settings').execute();
  await db.schema.dropTable('staff_alert_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
