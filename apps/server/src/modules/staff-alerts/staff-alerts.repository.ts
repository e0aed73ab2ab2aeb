// Devices, preferences, the owners' setting and the delivery rows of staff alerts; only this file touches those tables.
import type { Db } from '../../db/database.ts';
import type { OrderRow, PushSubscriptionsTable, StaffAlertDeliveriesTable, StaffAlertPreferencesTable } from '../../db/schema.ts';

export const SETTINGS_ROW_ID = 'shop';

export type Device = PushSubscriptionsTable;
export type Delivery = StaffAlertDeliveriesTable;

export function listDevices(db: Db, userId: string): Promise<Device[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

export async function countDevices(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findDeviceByEndpoint(db: Db, endpoint: string): Promise<Device | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

/**
 * One row per endpoint: subscribing again (new keys, or another person signed in on the browser) takes the row over.
 * Its queued alerts go with the old keys and owner.
 */
export async function saveDevice(db: Db, device: Device): Promise<Device> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).executeTakeFirst();
    if (existing) {
      await trx.deleteFrom('staff_alert_deliveries').where('subscription_id', '=', existing.id).where('state', '=', 'queued').execute();
      await trx
        .updateTable('push_subscriptions')
        .set({ user_id: device.user_id, p256dh: device.p256dh, auth: device.auth, label: device.label })
        .where('id', '=', existing.id)
        .execute();
      return { ...device, id: existing.id };
    }
    await trx.insertInto('push_subscriptions').values(device).execute();
    return device;
  });
}

/** Removes one of the person's devices by id or endpoint; false when they have no such device. */
export async function deleteDevice(db: Db, userId: string, by: { id: string } | { endpoint: string }): Promise<boolean> {
  let q = db.deleteFrom('push_subscriptions').where('user_id', '=', userId);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('endpoint', '=', by.endpoint);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the subscription is gone (404/410): forget the device whoever owns it. */
export async function forgetDevice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function findPreferences(db: Db, userId: string): Promise<StaffAlertPreferencesTable | undefined> {
  return db.selectFrom('staff_alert_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePreferences(db: Db, row: StaffAlertPreferencesTable): Promise<void> {
  const { user_id, ...changes } = row;
  await db
    .insertInto('staff_alert_preferences')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
  void user_id;
}

export async function findLateAtPercent(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('staff_alert_settings').select('late_at_percent').where('id', '=', SETTINGS_ROW_ID).executeTakeFirst();
  return row?.late_at_percent;
}

export async function saveLateAtPercent(db: Db, percent: number, now: string): Promise<void> {
  await db
    .insertInto('staff_alert_settings')
    .values({ id: SETTINGS_ROW_ID, late_at_percent: percent, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ late_at_percent: percent, updated_at: now }))
    .execute();
}

/** Every device of every staff member, with that person's preferences (null: none saved, the defaults). */
export function listRecipients(db: Db) {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('staff_alert_preferences as p', 'p.user_id', 's.user_id')
    .select([
      's.id as subscriptionId',
      's.user_id as userId',
      'u.role',
      'p.new_order as newOrder',
      'p.late_order as lateOrder',
      'p.check_problem as checkProblem',
      'p.unmatched_payment as unmatchedPayment',
      'p.quiet_start as quietStart',
      'p.quiet_end as quietEnd',
    ])
    .execute();
}

/** Writes the claims; a row already there (another instance, an earlier scan) is left as it is. */
export async function claimDeliveries(db: Db, rows: Delivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('staff_alert_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['order_id', 'kind', 'subscription_id']).doNothing())
    .execute();
}

/** Removes the finished deliveries about one subject and kind (a subject that may be alerted about again). */
export async function forgetFinished(db: Db, subjectId: string, kind: string): Promise<void> {
  await db
    .deleteFrom('staff_alert_deliveries')
    .where('order_id', '=', subjectId)
    .where('kind', '=', kind)
    .where('state', '!=', 'queued')
    .execute();
}

/** Queued deliveries whose time has come and whose lease (if any) ran out. */
export function dueDeliveries(db: Db, now: string, limit: number): Promise<Delivery[]> {
  return db
    .selectFrom('staff_alert_deliveries')
    .selectAll()
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** Takes the lease on one delivery: true for exactly one instance of those trying at once. */
export async function lease(db: Db, d: Delivery, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_alert_deliveries')
    .set({ lease_until: until })
    .where('id', '=', d.id)
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishDelivery(
  db: Db,
  id: string,
  state: 'sent' | 'dropped' | 'failed',
  now: string,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('staff_alert_deliveries')
    .set({ state, lease_until: null, error, ...(state === 'sent' ? { sent_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function retryLater(db: Db, id: string, attempts: number, at: string, error: string): Promise<void> {
  await db
    .updateTable('staff_alert_deliveries')
    .set({ attempts, next_attempt_at: at, lease_until: null, error })
    .where('id', '=', id)
    .execute();
}

export async function markDevicesUsed(db: Db, ids: string[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: now })
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export function findDevicesByIds(db: Db, ids: string[]): Promise<Device[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').selectAll().where('id', 'in', ids).execute();
}

export type AlertOrder = Pick<
  OrderRow,
  'id' | 'code' | 'game_title' | 'sub_total' | 'package_currency' | 'created_at' | 'status' | 'is_read' | 'is_duplicate'
>;

/** What alerts say about their orders, and whether they are still worth sending. */
export function findOrdersForAlert(db: Db, ids: string[]): Promise<AlertOrder[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['id', 'code', 'game_title', 'sub_total', 'package_currency', 'created_at', 'status', 'is_read', 'is_duplicate'])
    .where('id', 'in', ids)
    .execute();
}

export type AlertNotice = {
  id: string;
  state: string;
  kind: string | null;
  order_id: string | null;
  amount: number | null;
  wallet: string | null;
  taken_at: string;
  received_at: string | null;
  paid_at: string | null;
};

/** What alerts about payment notices say, and whether the money still has no order (read only; modules/payment-phones writes). */
export function findNoticesForAlert(db: Db, ids: string[]): Promise<AlertNotice[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_notices')
    .select(['id', 'state', 'kind', 'order_id', 'amount', 'wallet', 'taken_at', 'received_at', 'paid_at'])
    .where('id', 'in', ids)
    .execute();
}

/** Pending orders nobody opened that were placed within [from, to] (ISO): the late-order scan. */
export function pendingUnopenedBetween(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('is_read', '=', 0)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Money in that is still waiting for its order, taken between `from` and `to`. */
export function waitingNoticesBetween(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('payment_notices')
    .select('id')
    .where('kind', '=', 'incoming')
    .where('state', '=', 'waiting')
    .where('order_id', 'is', null)
    .where('taken_at', '>=', from)
    .where('taken_at', '<=', to)
    .orderBy('taken_at')
    .limit(limit)
    .execute();
}

/** Finished deliveries older than `before` are only history: removed. */
export async function pruneDeliveries(db: Db, before: string): Promise<void> {
  await db.deleteFrom('staff_alert_deliveries').where('state', '!=', 'queued').where('created_at', '<', before).execute();
}

export function languagesOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([] as { id: string; language: string | null }[]);
  return db.selectFrom('users').select(['id', 'language']).where('id', 'in', userIds).execute();
}
