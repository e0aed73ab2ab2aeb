// The one shop settings row (id 'shop', written by migration 0008) in the database.
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ShopSettingsTable } from '../../db/schema.ts';

export const SHOP_ROW_ID = 'shop';

export function findShopSettings(db: Db) {
  return db.selectFrom('shop_settings').selectAll().where('id', '=', SHOP_ROW_ID).executeTakeFirst();
}

export async function updateShopSettings(db: Db, changes: Updateable<Omit<ShopSettingsTable, 'id'>>) {
  await db.updateTable('shop_settings').set(changes).where('id', '=', SHOP_ROW_ID).execute();
}
