// Orders' timelines: the one way anything records what happened to an order (`record`, record.ts: inside the
// transaction of the change, so a change that fails leaves no event and an event never names a change that did not
// happen), the timeline staff read, and the SLA figures computed from it.
import type { OrderEventDto } from '@topup/contract/order-timeline';
import type { SlaDto, SlaFigures } from '@topup/contract/order-summary';
import { SLA_DAYS } from '@topup/contract/order-summary';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { addDays, zonedDate, zonedDayStart } from '../../lib/time-zone.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './timeline.repository.ts';

export { record, type Actor, type EventBody, type NewEvent } from './timeline-record.ts';

/**
 * A deleted order's events stay (who deleted it, and the SLA history), but the values its edits held (phone
 * numbers, game ids) go with it: each EDITED event keeps which fields changed, with both values null.
 */
export async function eraseEditedValues(db: Db, orderId: string): Promise<void> {
  for (const edit of await repo.listEdits(db, orderId)) {
    const data = JSON.parse(edit.data) as { changes: Array<{ field: string }> };
    await repo.replaceData(db, edit.id, JSON.stringify({ changes: data.changes.map((c) => ({ field: c.field, from: null, to: null })) }));
  }
}

/** Orders removed by the retention cleaning take their history with them (docs/decisions/0054). */
export const forgetOrders = repo.deleteForOrders;

/** The timeline of an existing order, oldest first; a deleted order's is not shown. */
export async function timeline(ctx: AppContext, orderId: string): Promise<OrderEventDto[]> {
  const exists = await ctx.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!exists) throw AppError.notFound('Order');
  const rows = await repo.listEvents(ctx.db, orderId);
  return rows.map(
    (r) =>
      ({
        id: r.id,
        orderId: r.order_id,
        type: r.type,
        at: r.at,
        actor: r.actor_email ? { id: r.actor_id ?? '', email: r.actor_email } : null,
        data: JSON.parse(r.data) as unknown,
      }) as OrderEventDto,
  );
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/** `pendingLate`: orders of the period still waiting past the promise; they count against it as late ones. */
function figures(row: repo.SlaRow | undefined, pendingLate = 0): SlaFigures {
  const completed = row?.completed ?? 0;
  const late = (row ? completed - row.within : 0) + pendingLate;
  const counted = completed + pendingLate;
  return {
    completed,
    medianSeconds: completed > 0 ? round(row!.median) : null,
    p90Seconds: completed > 0 ? round(row!.p90) : null,
    withinTargetShare: counted > 0 ? round((row?.within ?? 0) / counted) : null,
    late,
  };
}

/** Today and the last 14 days of the shop's own days, against the shop's delivery promise. */
export async function sla(ctx: AppContext, now = Date.now()): Promise<SlaDto> {
  const { timeZone, deliveryMinutes } = await getShopSettings(ctx);
  const today = zonedDate(now, timeZone);
  const todayFrom = new Date(zonedDayStart(today, timeZone)).toISOString();
  const from = new Date(zonedDayStart(addDays(today, -(SLA_DAYS - 1)), timeZone)).toISOString();
  const to = new Date(zonedDayStart(addDays(today, 1), timeZone)).toISOString();
  const lateBefore = new Date(now - deliveryMinutes * 60_000).toISOString();
  const [rows, pendingToday, pending14, lateNow] = await Promise.all([
    repo.slaFigures(ctx.db, ctx.dialect, from, to, todayFrom, deliveryMinutes * 60),
    repo.countPendingLate(ctx.db, todayFrom, to, lateBefore),
    repo.countPendingLate(ctx.db, from, to, lateBefore),
    repo.countPendingBefore(ctx.db, lateBefore),
  ]);
  const find = (who: string, today: number) => rows.find((r) => r.who === who && r.today === today);
  const staff = rows
    .filter((r) => r.who !== '*' && r.today === 0)
    .sort((a, b) => b.completed - a.completed || (a.email ?? '').localeCompare(b.email ?? ''));
  return {
    targetMinutes: deliveryMinutes,
    timeZone,
    date: today,
    today: figures(find('*', 1), pendingToday),
    last14Days: figures(find('*', 0), pending14),
    lateNow,
    perStaff: staff.map((r) => ({ userId: r.who, email: r.email ?? '', today: figures(find(r.who, 1)), last14Days: figures(r) })),
  };
}
