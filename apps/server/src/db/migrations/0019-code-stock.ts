// Code stock and orders that complete themselves (modules/code-stock, modules/auto-delivery): per package how it is
// delivered, the codes (encrypted), who revealed which code, the owners' guardrails and the automatic completions
// they count.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('package_delivery')
    .addColumn('package_id', 'varchar(36)', (c) => c.primaryKey().references('token_packages.id').onDelete('cascade'))
    .addColumn('is_code_product', 'integer', (c) => c.notNull().defaultTo(0))
    // STAFF or AUTO_ON_PAYMENT
    .addColumn('delivery_mode', 'varchar(16)', (c) => c.notNull().defaultTo('STAFF'))
    .addColumn('redeem_mm', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('redeem_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    // When owners were last warned of low stock; cleared once stock is back at or above the threshold.
    .addColumn('low_alerted_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stock_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // No foreign key: a delivered code stays its buyer's even if the package is deleted later.
    .addColumn('package_id', 'varchar(36)', (c) => c.notNull())
    // AES-256-GCM: "keyId:iv:tag:ciphertext", base64url parts. Never the code in clear.
    .addColumn('code_cipher', 'text', (c) => c.notNull())
    .addColumn('pin_cipher', 'text')
    .addColumn('key_id', 'varchar(16)', (c) => c.notNull())
    // HMAC-SHA256 of the code under a key derived from the current key: one code is in stock once.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The last characters, for lists ("••••1234").
    .addColumn('tail', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)')
    // available | reserved | delivered | expired
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(36)', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('added_by', 'varchar(254)')
    .addColumn('reserved_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('stock_codes_claim_idx')
    .on('stock_codes')
    .columns(['package_id', 'state', 'expires_on', 'added_at'])
    .execute();
  await db.schema.createIndex('stock_codes_order_idx').on('stock_codes').columns(['order_id']).execute();

  await db.schema
    .createTable('code_reveals')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('code_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('package_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('code_reveals_at_idx').on('code_reveals').columns(['at']).execute();

  await db.schema
    .createTable('auto_delivery_settings')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('paused', 'integer', (c) => c.notNull())
    .addColumn('max_order_amount', 'double precision')
    .addColumn('max_per_phone_per_day', 'integer')
    .addColumn('max_per_day', 'integer')
    .addColumn('updated_at', 'varchar(32)')
    .addColumn('updated_by', 'varchar(254)')
    .execute();

  // One row per automatic completion: what the daily guardrails count (shop day, buyer phone as 09…).
  await db.schema
    .createTable('auto_completions')
    .addColumn('order_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('notice_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auto_completions_day_idx').on('auto_completions').columns(['day', 'phone']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auto_completions').execute();
  await db.schema.dropTable('auto_delivery_settings').execute();
  await db.schema.dropTable('code_reveals').execute();
  await db.schema.dropTable('stock_codes').execute();
  await db.schema.dropTable('package_delivery').execute();
}
