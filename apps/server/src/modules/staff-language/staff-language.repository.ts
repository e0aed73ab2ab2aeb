// Staff language preference in the database (users.language); only this file touches that column.
import type { Db } from '../../db/database.ts';

export async function findLanguage(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

export async function findLanguages(db: Db, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'language'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.language]));
}

export async function saveLanguage(db: Db, userId: string, language: string, now: string): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: now }).where('id', '=', userId).execute();
}
