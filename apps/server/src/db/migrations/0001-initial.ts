// The first schema: every table, foreign key and the indexes behind each list's filter and sort.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('server_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_disable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logo', 'varchar(255)')
    .addColumn('banner_image', 'varchar(255)')
    .addColumn('game_profile_image', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('games_order_idx').on('games').columns(['order_index', 'created_at']).execute();
  await db.schema.createIndex('games_enabled_order_idx').on('games').columns(['is_disable', 'order_index', 'created_at']).execute();

  await db.schema
    .createTable('config_settings')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('payment_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('config_settings_order_idx').on('config_settings').columns(['order_index', 'created_at']).execute();

  await db.schema
    .createTable('token_packages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('game_id', 'varchar(36)', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('token_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('unit', 'integer', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(10)', (c) => c.notNull())
    .addColumn('can_add_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('package_image', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('token_packages_game_idx').on('token_packages').columns(['game_id', 'payment_method', 'price']).execute();
  await db.schema.createIndex('token_packages_created_idx').on('token_packages').column('created_at').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('in_game_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('server_info', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_number', 'varchar(24)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(36)', (c) => c.references('games.id').onDelete('set null'))
    .addColumn('game_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('package_id', 'varchar(36)', (c) => c.references('token_packages.id').onDelete('set null'))
    .addColumn('package_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('package_unit', 'integer', (c) => c.notNull())
    .addColumn('package_price', 'double precision', (c) => c.notNull())
    .addColumn('package_currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('package_image', 'varchar(255)')
    .addColumn('payment_method', 'varchar(10)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('sub_total', 'double precision', (c) => c.notNull())
    .addColumn('transaction_number', 'varchar(6)', (c) => c.notNull())
    .addColumn('screenshot', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_transaction_idx').on('orders').column('transaction_number').execute();
  await db.schema.createIndex('orders_mobile_idx').on('orders').column('mobile_number').execute();
  await db.schema.createIndex('orders_user_idx').on('orders').column('in_game_user_id').execute();
  await db.schema.createIndex('orders_package_image_idx').on('orders').column('package_image').execute();
  await db.schema.createIndex('orders_game_idx').on('orders').column('game_id').execute();
  await db.schema.createIndex('orders_package_idx').on('orders').column('package_id').execute();
  await db.schema.createIndex('orders_operator_idx').on('orders').column('operator_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['is_read', 'created_at']).execute();
  await db.schema.createIndex('notifications_order_idx').on('notifications').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notifications',
    'orders',
    'token_packages',
    'config_settings',
    'games',
    'password_resets',
    'refresh_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
