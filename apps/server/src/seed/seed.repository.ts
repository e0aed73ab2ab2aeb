// The few queries the first-run seed needs beyond the modules' own repositories.
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';

/** True when the shop holds no catalog, payment accounts or orders yet: a database on its first run. */
export async function isShopEmpty(db: Db): Promise<boolean> {
  const checks = [
    () => db.selectFrom('games').select('id').limit(1).executeTakeFirst(),
    () => db.selectFrom('token_packages').select('id').limit(1).executeTakeFirst(),
    () => db.selectFrom('config_settings').select('id').limit(1).executeTakeFirst(),
    () => db.selectFrom('orders').select('id').limit(1).executeTakeFirst(),
  ];
  for (const check of checks) {
    if (await check()) return false;
  }
  return true;
}

/**
 * Several instances may start together on one PostgreSQL database: a transaction-scoped advisory lock lets
 * only one of them seed. SQLite serialises write transactions already.
 */
export async function lockForSeeding(trx: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}

const SEED_LOCK_KEY = 7_406_123_001;
