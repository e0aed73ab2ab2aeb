// Users, sessions, refresh tokens and reset tokens in the database; only this file touches those tables.
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UsersTable>) {
  await db.insertInto('users').values(user).execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, at: string, confirmEmail = false) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at, ...(confirmEmail ? { email_confirmed: 1 } : {}) })
    .where('id', '=', userId)
    .execute();
}

export async function insertSession(db: Db, row: { id: string; user_id: string; created_at: string; expires_at: string }) {
  await db
    .insertInto('sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function insertRefreshToken(db: Db, row: { id: string; session_id: string; token_hash: string; created_at: string }) {
  await db
    .insertInto('refresh_tokens')
    .values({ ...row, used_at: null, successor_cipher: null })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.used_at',
      'refresh_tokens.successor_cipher',
      'sessions.id as session_id',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.email',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when another request already did (a race is a reuse too). */
export async function claimRefreshToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Remembers (encrypted) the pair a used token was exchanged for, for the grace window. */
export async function setRefreshSuccessor(db: Db, id: string, cipher: string) {
  await db.updateTable('refresh_tokens').set({ successor_cipher: cipher }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, sessionId: string, at: string) {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserSessions(db: Db, userId: string, at: string, exceptSessionId?: string) {
  let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

export async function insertPasswordReset(
  db: Db,
  row: { id: string; user_id: string; token_hash: string; created_at: string; expires_at: string },
) {
  await db
    .insertInto('password_resets')
    .values({ ...row, used_at: null })
    .execute();
}

/** A newer link replaces older ones: only the last mailed link works. */
export async function expireUnusedResets(db: Db, userId: string, at: string) {
  await db.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export function findPasswordReset(db: Db, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function claimPasswordReset(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
