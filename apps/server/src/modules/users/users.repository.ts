// Staff accounts in the database for the Users screen; only this file touches `users` for it.
import type { Db, Dialect } from '../../db/database.ts';
import { ilike } from '../../db/database.ts';

const USER_COLUMNS = ['id', 'email', 'email_confirmed', 'role', 'totp_enabled_at'] as const;

export function listUsers(db: Db, searchTerm: string, offset: number, limit: number) {
  let q = db.selectFrom('users').select(USER_COLUMNS);
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
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: { email?: string; email_confirmed?: number; role?: string; updated_at: string },
) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/**
 * The id and role of every user, locked until the transaction ends on PostgreSQL, so two owners demoting or deleting
 * each other at once can't both see "two owners left". SQLite runs one write transaction at a time, so it needs no lock.
 */
export async function lockAllUsers(db: Db, dialect: Dialect): Promise<Array<{ id: string; role: string }>> {
  const q = db.selectFrom('users').select(['id', 'role']);
  return (dialect === 'postgres' ? q.forUpdate() : q).execute();
}

export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
