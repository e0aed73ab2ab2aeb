// Two-factor state in the database: the user's TOTP secret and last accepted step, recovery codes, login challenges.
import type { Db } from '../../db/database.ts';

export function findUserSecrets(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setPendingSecret(db: Db, userId: string, secret: string) {
  await db.updateTable('users').set({ totp_secret: secret }).where('id', '=', userId).where('totp_enabled_at', 'is', null).execute();
}

export async function enable(db: Db, userId: string, at: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: at, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function disable(db: Db, userId: string) {
  await db.updateTable('users').set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Records `step` as the last accepted one, only if it is later than the one before: of two requests with the same
 * code, exactly one wins, so a code can't be replayed even by a simultaneous second request.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: string, rows: Array<{ id: string; code_hash: string }>) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(rows.map((r) => ({ ...r, user_id: userId, used_at: null })))
    .execute();
}

export async function claimRecoveryCode(db: Db, userId: string, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertChallenge(
  db: Db,
  row: { id: string; user_id: string; token_hash: string; created_at: string; expires_at: string },
) {
  await db
    .insertInto('login_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

export function findChallenge(db: Db, tokenHash: string) {
  return db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .select(['login_challenges.id', 'login_challenges.expires_at', 'login_challenges.used_at', 'users.id as user_id', 'users.email'])
    .where('login_challenges.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function claimChallenge(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Old challenges are useless after they expire; each new one sweeps the user's spent ones. */
export async function deleteSpentChallenges(db: Db, userId: string, now: string) {
  await db
    .deleteFrom('login_challenges')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
}

/** Every challenge of the user, pending ones included: a new password makes a challenge won with the old one worthless. */
export async function deleteChallenges(db: Db, userId: string) {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}
