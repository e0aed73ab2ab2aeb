// Orders remember the client's idempotency key, so a retried submission finds the order it already placed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'varchar(36)').execute();
  await db.schema.createIndex('orders_idempotency_idx').on('orders').column('idempotency_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_idempotency_idx').execute();
  await db.schema.alterTable('orders').dropColumn('idempotency_key').execute();
}
