// Payment accounts in the database.
import type { Db } from '../../db/database.ts';
import type { ConfigSettingsTable } from '../../db/schema.ts';

export function countPaymentAccounts(db: Db, activeOnly = false): Promise<number> {
  let q = db.selectFrom('config_settings').select((eb) => eb.fn.countAll<number>().as('n'));
  if (activeOnly) q = q.where('is_active', '=', 1);
  return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export function listPaymentAccounts(db: Db, offset: number, limit: number, activeOnly = false) {
  let q = db.selectFrom('config_settings').selectAll();
  if (activeOnly) q = q.where('is_active', '=', 1);
  return q.orderBy('order_index').orderBy('created_at').offset(offset).limit(limit).execute();
}

/**
 * The active accounts, locked on PostgreSQL until the transaction ends: `FOR UPDATE` when one is being paused or
 * deleted (two owners pausing the last two at once), `FOR SHARE` when a game goes on sale (an owner pausing the last
 * account at that moment waits for it, then sees the enabled game).
 */
export async function lockActiveIds(db: Db, postgres: boolean, mode: 'update' | 'share'): Promise<string[]> {
  const q = db.selectFrom('config_settings').select('id').where('is_active', '=', 1);
  if (!postgres) return (await q.execute()).map((r) => r.id);
  return (await (mode === 'update' ? q.forUpdate() : q.forShare()).execute()).map((r) => r.id);
}

export async function anyGameEnabled(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('games').select('id').where('is_disable', '=', 0).limit(1).executeTakeFirst());
}

export function findPaymentAccount(db: Db, id: string) {
  return db.selectFrom('config_settings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPaymentAccount(db: Db, row: ConfigSettingsTable) {
  await db.insertInto('config_settings').values(row).execute();
}

export async function updatePaymentAccount(db: Db, id: string, changes: Partial<Omit<ConfigSettingsTable, 'id' | 'created_at'>>) {
  await db.updateTable('config_settings').set(changes).where('id', '=', id).execute();
}

export async function deletePaymentAccount(db: Db, id: string) {
  await db.deleteFrom('config_settings').where('id', '=', id).execute();
}
