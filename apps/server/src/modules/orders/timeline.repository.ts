// The order_events table: appended to, read per order, and aggregated for the SLA figures. No update of an event
// exists anywhere except erasing edited values when their order is deleted (docs/decisions/0054).
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { OrderEventsTable } from '../../db/schema.ts';
import { ORDER_EVENT_TYPES } from '@topup/contract/order-timeline';

export async function insertEvent(db: Db, row: OrderEventsTable) {
  await db.insertInto('order_events').values(row).execute();
}

/** Entries of one change share its time: within it, in the contract's order (the status change before the edits). */
const sameTimeOrder = sql`case type ${sql.join(
  ORDER_EVENT_TYPES.map((type, i) => sql`when ${sql.lit(type)} then ${sql.lit(i)}`),
  sql` `,
)} end`;

export function listEvents(db: Db, orderId: string) {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy(sameTimeOrder)
    .orderBy('id')
    .execute();
}

/** The EDITED events of an order, to erase their values (personal data) when the order is deleted. */
export function listEdits(db: Db, orderId: string) {
  return db.selectFrom('order_events').select(['id', 'data']).where('order_id', '=', orderId).where('type', '=', 'EDITED').execute();
}

export async function replaceData(db: Db, id: string, data: string) {
  await db.updateTable('order_events').set({ data }).where('id', '=', id).execute();
}

export async function deleteForOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await db.deleteFrom('order_events').where('order_id', 'in', orderIds).execute();
}

export type SlaRow = {
  who: string;
  email: string | null;
  today: number;
  completed: number;
  median: number | null;
  p90: number | null;
  within: number;
};

/**
 * Placed → first completion of the orders first completed in [from, to), as figures per scope: everyone and each
 * completing staff member, over the whole period (today = 0) and from `todayFrom` on (today = 1).
 * Percentiles by nearest rank (the value at rank ⌈p·n⌉), from row_number(): SQLite has no percentile function, so
 * both databases run this same statement; only the seconds between two ISO texts are spelled per dialect.
 */
export async function slaFigures(
  db: Db,
  dialect: Dialect,
  from: string,
  to: string,
  todayFrom: string,
  targetSeconds: number,
): Promise<SlaRow[]> {
  // Rounded to the millisecond the times are stored with, so a float's last bit never moves an order across the target.
  const seconds =
    dialect === 'postgres'
      ? sql<number>`round(extract(epoch from (c.at::timestamptz - p.at::timestamptz))::numeric, 3)`
      : sql<number>`round((julianday(c.at) - julianday(p.at)) * 86400.0, 3)`;
  const result = await sql<SlaRow>`
    with done as (
      select c.actor_id, c.actor_email, c.at as done_at, ${seconds} as secs
      from order_events c
      join order_events p on p.order_id = c.order_id and p.type = 'PLACED'
      where c.type = 'STATUS_CHANGED' and c.to_status = 'COMPLETED' and c.at >= ${from} and c.at < ${to}
        and not exists (
          select 1 from order_events e where e.order_id = c.order_id and e.type = 'STATUS_CHANGED'
            and e.to_status = 'COMPLETED' and (e.at < c.at or (e.at = c.at and e.id < c.id)))
    ),
    scoped as (
      select '*' as who, null as email, 0 as today, secs from done
      union all select '*', null, 1, secs from done where done_at >= ${todayFrom}
      union all select actor_id, actor_email, 0, secs from done where actor_id is not null
      union all select actor_id, actor_email, 1, secs from done where actor_id is not null and done_at >= ${todayFrom}
    ),
    ranked as (
      select who, email, today, secs,
        row_number() over (partition by who, today order by secs) as rn,
        count(*) over (partition by who, today) as n
      from scoped
    )
    select who, max(email) as email, today, count(*) as completed,
      max(case when rn = (n + 1) / 2 then secs end) as median,
      max(case when rn = (9 * n + 9) / 10 then secs end) as p90,
      sum(case when secs <= ${targetSeconds} then 1 else 0 end) as within
    from ranked group by who, today`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    today: Number(r.today),
    completed: Number(r.completed),
    median: r.median === null ? null : Number(r.median),
    p90: r.p90 === null ? null : Number(r.p90),
    within: Number(r.within),
  }));
}

/** PENDING orders placed in [from, to) and placed before `lateBefore` (i.e. already past the promise). */
export async function countPendingLate(db: Db, from: string, to: string, lateBefore: string): Promise<number> {
  const upper = to < lateBefore ? to : lateBefore;
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .where('created_at', '>=', from)
    .where('created_at', '<', upper)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every PENDING order placed before `lateBefore`, whenever that was. */
export async function countPendingBefore(db: Db, lateBefore: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .where('created_at', '<', lateBefore)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
