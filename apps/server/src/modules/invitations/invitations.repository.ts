// Invitations in the database; only this file touches `invitations` (and creates the invited user).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvitationsTable, UsersTable } from '../../db/schema.ts';

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/** A new invitation replaces the unused ones for the same address: only the latest link works. */
export async function expireOpenInvitations(db: Db, email: string, at: string) {
  await db.updateTable('invitations').set({ used_at: at }).where('email', '=', email).where('used_at', 'is', null).execute();
}

/** The unused invitations a user sent: withdrawn when that user is removed or loses the owner role. */
export async function deletePendingSentBy(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('invitations').where('invited_by', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertInvitation(db: Db, row: Insertable<InvitationsTable>) {
  await db.insertInto('invitations').values(row).execute();
}

export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('invitations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function listOpenInvitations(db: Db, now: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

export function findInvitation(db: Db, tokenHash: string) {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function claimInvitation(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertUser(db: Db, user: Insertable<UsersTable>) {
  await db.insertInto('users').values(user).execute();
}
