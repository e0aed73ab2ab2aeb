// Staff accounts in the database for the Users screen; only this file touches `users` for it.
import type { Db, Dialect } from '../../db/database.ts';
import { ilike } from '../../db/database.ts';

export function listUsers(db: Db, searchTerm: string, offset: number, limit: number) {
  let q = db.selectFrom('users').select(['id', 'email', 'email_confirmed']);
  if (searchTerm) q = q.where(ilike('email', searchTerm));
  return q.orderBy('email').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countUsers(db: Db, searchTerm = ''): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (searchTerm) q = q.where(ilike('email', searchTerm));
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'email', 'email_confirmed']).where('id', '=', id).executeTakeFirst();
}

export async function updateUserEmail(db: Db, id: string, changes: { email: string; email_confirmed: number; updated_at: string }) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * The ids of every user, locked until the transaction ends on PostgreSQL, so two admins deleting each other
 * at once can't both see "two users left". SQLite runs one write transaction at a time, so it needs no lock.
 */
export async function lockAllUserIds(db: Db, dialect: Dialect): Promise<string[]> {
  const q = db.selectFrom('users').select('id');
  const rows = await (dialect === 'postgres' ? q.forUpdate() : q).execute();
  return rows.map((r) => r.id);
}

export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
