// Payment accounts name their holder and belong to one payment method (docs/decisions/0079): a buyer paying by phone
// bill sees the phone-bill accounts, not the wallets. Every existing account is a NORMAL (mobile banking) one.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config_settings').addColumn('holder_name', 'varchar(60)').execute();
  await db.schema
    .alterTable('config_settings')
    .addColumn('payment_method', 'varchar(20)', (c) => c.notNull().defaultTo('NORMAL'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config_settings').dropColumn('payment_method').execute();
  await db.schema.alterTable('config_settings').dropColumn('holder_name').execute();
}
