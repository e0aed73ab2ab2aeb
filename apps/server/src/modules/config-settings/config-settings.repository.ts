// Payment accounts in the database.
import type { Db } from '../../db/database.ts';
import type { ConfigSettingsTable } from '../../db/schema.ts';

export function countConfigSettings(db: Db): Promise<number> {
  return db
    .selectFrom('config_settings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listConfigSettings(db: Db, offset: number, limit: number) {
  return db.selectFrom('config_settings').selectAll().orderBy('order_index').orderBy('created_at').offset(offset).limit(limit).execute();
}

export function findConfigSetting(db: Db, id: string) {
  return db.selectFrom('config_settings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConfigSetting(db: Db, row: ConfigSettingsTable) {
  await db.insertInto('config_settings').values(row).execute();
}

export async function updateConfigSetting(db: Db, id: string, changes: Partial<Omit<ConfigSettingsTable, 'id' | 'created_at'>>) {
  await db.updateTable('config_settings').set(changes).where('id', '=', id).execute();
}

export async function deleteConfigSetting(db: Db, id: string) {
  await db.deleteFrom('config_settings').where('id', '=', id).execute();
}
