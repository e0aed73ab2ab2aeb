// Payment phones: the shop's own Android phones that forward each "money received" message of its wallets, and the
// notices they send, stored as received before anything reads them (docs/decisions/0076).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_phones')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    // JSON array of config_settings ids this phone receives money for.
    .addColumn('payment_account_ids', 'text', (c) => c.notNull())
    // SHA-256 of the secret part of the webhook URL: the URL itself is shown once and never stored.
    .addColumn('url_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The signing key, AES-256-GCM under a key derived from JWT_SECRET (HMAC needs the key itself, not a hash).
    .addColumn('key_cipher', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('last_notice_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('payment_notices')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('phone_id', 'varchar(36)', (c) => c.notNull())
    // 'sms-gateway' (signed webhooks) or 'generic' (plain forwarders with the key in a header).
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    // The app's event id, or a hash of a generic post's content: a delivery seen again is taken once.
    .addColumn('event_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(128)')
    .addColumn('sender', 'varchar(128)')
    .addColumn('sim_number', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    // As the phone said it (its own clock and zone), and when this server took it.
    .addColumn('received_at', 'varchar(40)')
    .addColumn('taken_at', 'varchar(32)', (c) => c.notNull())
    // new → unread | ignored | waiting | candidates | amount_differs | matched
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('wallet', 'varchar(16)')
    .addColumn('kind', 'varchar(16)')
    .addColumn('amount', 'integer')
    .addColumn('txn_id', 'varchar(64)')
    .addColumn('payer', 'varchar(128)')
    .addColumn('paid_at', 'varchar(32)')
    // The order this notice paid for: unique, so one order takes at most one notice whichever instance decides.
    .addColumn('order_id', 'varchar(36)', (c) => c.unique())
    .addColumn('matched_at', 'varchar(32)')
    // Null when matched automatically; the staff member's email when attached by hand.
    .addColumn('matched_by', 'varchar(254)')
    // JSON: the orders staff should choose from (several of one amount), or the order whose amount differs.
    .addColumn('candidates', 'text')
    .execute();
  await db.schema.createIndex('payment_notices_phone_event_idx').on('payment_notices').columns(['phone_id', 'event_id']).unique().execute();
  await db.schema.createIndex('payment_notices_state_taken_idx').on('payment_notices').columns(['state', 'taken_at']).execute();
  await db.schema.createIndex('payment_notices_taken_idx').on('payment_notices').columns(['taken_at', 'id']).execute();
  await db.schema.createIndex('payment_notices_amount_idx').on('payment_notices').columns(['amount', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_notices').execute();
  await db.schema.dropTable('payment_phones').execute();
}
