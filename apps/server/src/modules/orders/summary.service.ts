// The dashboard overview: how many orders wait and since when, and orders and revenue per local day for 14 days.
import type { CurrencyAmount, OrderSummaryDay, OrderSummaryDto } from '@topup/contract/order-summary';
import type { AppContext } from '../../context.ts';
import * as repo from './summary.repository.ts';

export const SUMMARY_DAYS = 14;
const DAY_MS = 86_400_000;

/** Start (UTC instant) of the local day that contains `now`, for a client whose UTC offset is `tzOffset` minutes. */
function localDayStart(now: number, tzOffset: number): number {
  const local = now - tzOffset * 60_000;
  return local - (local % DAY_MS) + tzOffset * 60_000;
}

function addRevenue(list: CurrencyAmount[], currency: string, amount: number) {
  const hit = list.find((r) => r.currency === currency);
  if (hit) hit.amount = Math.round((hit.amount + amount) * 100) / 100;
  else list.push({ currency, amount: Math.round(amount * 100) / 100 });
}

export async function orderSummary(ctx: AppContext, tzOffset: number, now = Date.now()): Promise<OrderSummaryDto> {
  const todayStart = localDayStart(now, tzOffset);
  const starts = Array.from({ length: SUMMARY_DAYS }, (_, i) => todayStart - (SUMMARY_DAYS - 1 - i) * DAY_MS);
  const [pending, unreadCount, ...totals] = await Promise.all([
    repo.pendingStats(ctx.db),
    repo.countUnread(ctx.db),
    ...starts.map((s) => repo.totalsBetween(ctx.db, new Date(s).toISOString(), new Date(s + DAY_MS).toISOString())),
  ]);
  const days: OrderSummaryDay[] = starts.map((start, i) => {
    const day: OrderSummaryDay = {
      date: new Date(start - tzOffset * 60_000).toISOString().slice(0, 10),
      orders: 0,
      completed: 0,
      revenue: [],
    };
    for (const row of totals[i]!) {
      day.orders += row.count;
      if (row.status === 'COMPLETED') {
        day.completed += row.count;
        addRevenue(day.revenue, row.currency, row.amount);
      }
    }
    return day;
  });
  return { pendingCount: pending.count, oldestPendingAt: pending.oldest, unreadCount, today: days[days.length - 1]!, days };
}
