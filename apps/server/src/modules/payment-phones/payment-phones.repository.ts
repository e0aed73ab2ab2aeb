// Rows of payment phones and their notices. Every decision that must happen once (a notice taken, a notice matched
// to an order) is a conditional write or a unique index here, so two instances deciding at once agree.
import type { Selectable } from 'kysely';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import type { PaymentNoticesTable, PaymentPhonesTable } from '../../db/schema.ts';

export type PhoneRow = Selectable<PaymentPhonesTable>;
export type NoticeRow = Selectable<PaymentNoticesTable>;

export function insertPhone(db: Db, row: PhoneRow) {
  return db.insertInto('payment_phones').values(row).execute();
}

export function listPhones(db: Db) {
  return db.selectFrom('payment_phones').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function phoneByUrlToken(db: Db, tokenHash: string) {
  return db.selectFrom('payment_phones').selectAll().where('url_token_hash', '=', tokenHash).executeTakeFirst();
}

export function phoneById(db: Db, id: string) {
  return db.selectFrom('payment_phones').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokePhone(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db.updateTable('payment_phones').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function existingAccountIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('config_settings').select(['id', 'payment_name']).where('id', 'in', ids).execute();
}

/** Stores a notice as received; false when this phone already delivered this event (a retry or a replay). */
export async function insertNotice(db: Db, row: NoticeRow): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('payment_notices').values(row).execute();
      await trx.updateTable('payment_phones').set({ last_notice_at: row.taken_at }).where('id', '=', row.phone_id).execute();
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export function noticeById(db: Db, id: string) {
  return db.selectFrom('payment_notices').selectAll().where('id', '=', id).executeTakeFirst();
}
