// Buyers follow their order: a short unique order code, why a cancelled order was cancelled, private
// tracking tokens (stored as SHA-256 hashes, several per order: the one made at placement, and one per
// "find my order" answer), and an exact index for finding an order by transaction number and phone.
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ORDER_CODE_ALPHABET, ORDER_CODE_LENGTH } from '@topup/contract/order-codes';

function randomCode(): string {
  let code = '';
  for (let i = 0; i < ORDER_CODE_LENGTH; i++) code += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return code;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nullable only because SQLite can't add a NOT NULL column without a default; every order gets one, here and on insert.
  await db.schema.alterTable('orders').addColumn('code', 'varchar(16)').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'varchar(32)').execute();
  await db.schema.alterTable('orders').addColumn('cancel_note', 'varchar(500)').execute();

  // Codes for the orders that exist already, in batches (a large database must not be read whole into memory).
  const used = new Set<string>();
  for (;;) {
    const rows = await sql<{ id: string }>`select id from orders where code is null limit 500`.execute(db);
    if (rows.rows.length === 0) break;
    for (const { id } of rows.rows) {
      let code = randomCode();
      while (used.has(code)) code = randomCode();
      used.add(code);
      await sql`update orders set code = ${code} where id = ${id}`.execute(db);
    }
  }
  await db.schema.createIndex('orders_code_idx').on('orders').column('code').unique().execute();
  await db.schema.createIndex('orders_transaction_mobile_idx').on('orders').columns(['transaction_number', 'mobile_number']).execute();

  await db.schema
    .createTable('order_tracking_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tracking_tokens_order_idx').on('order_tracking_tokens').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_tracking_tokens').execute();
  await db.schema.dropIndex('orders_transaction_mobile_idx').execute();
  await db.schema.dropIndex('orders_code_idx').execute();
  await db.schema.alterTable('orders').dropColumn('cancel_note').execute();
  await db.schema.alterTable('orders').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('orders').dropColumn('code').execute();
}
