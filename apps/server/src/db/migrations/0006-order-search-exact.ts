// A plain B-tree index on orders.transaction_number: a full 6-digit search term can only be "contained" in a
// transaction number (always exactly 6 digits, packages/contract TransactionNumber) by being equal to it, so the
// search looks it up by equality instead of through the trigram index (docs/decisions/0022-order-search-digits.md).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_transaction_number_idx').on('orders').column('transaction_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_transaction_number_idx').execute();
}
