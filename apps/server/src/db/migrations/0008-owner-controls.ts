// The owner runs the shop: user roles, two-factor sign-in, invitations, payment accounts on/off, and the
// shop's identity (name, contacts, time zone, delivery promise) as one settings row edited from the dashboard.
import { sql, type Kysely } from 'kysely';

/** The first-run shop identity: the values the old build-time VITE_SHOP_* variables defaulted to. */
export const FIRST_RUN_SHOP_SETTINGS = {
  id: 'shop',
  shop_name: 'Top-up Shop',
  logo: null,
  contact_email: 'support@topup-shop.example',
  phone: '+95 9 123 456 789',
  telegram_url: 'https://t.me/topupshop',
  viber_url: '',
  facebook_url: 'https://www.facebook.com/topupshop',
  copyright_holder: 'Top-up Shop',
  time_zone: 'Asia/Yangon',
  delivery_minutes: 3,
  require_two_factor: 0,
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Everyone who could already do everything stays able to: existing users become owners; new ones start as staff.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await sql`update users set role = 'owner'`.execute(db);
  // TOTP: the secret while enrolling and after; enabled once a code confirmed it. The last accepted time step
  // refuses a replay of the same (or an earlier) code.
  await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  // The first step of a two-factor sign-in: the password was right; a code completes it once, within minutes.
  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('mm'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();

  await db.schema
    .alterTable('config_settings')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('shop_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('logo', 'varchar(255)')
    .addColumn('contact_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('telegram_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('viber_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('facebook_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('copyright_holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('delivery_minutes', 'integer', (c) => c.notNull())
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('shop_settings' as never)
    .values({ ...FIRST_RUN_SHOP_SETTINGS, updated_at: new Date().toISOString() } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_settings').ifExists().execute();
  await db.schema.alterTable('config_settings').dropColumn('is_active').execute();
  await db.schema.dropTable('invitations').ifExists().execute();
  await db.schema.dropTable('login_challenges').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
