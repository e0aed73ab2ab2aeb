// The workbench's list filters (query string or bulk body) turned into what the database compares: days and
// instants become UTC instants, a day being the shop's day in its time zone (shop settings).
import { DEFAULT_ORDER_SORT, type OrderFilterQuery } from '@topup/contract/order-list';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { addDays, zonedDayStart } from '../../lib/time-zone.ts';
import { getShopSettings } from '../shop-settings/shop-settings.service.ts';
import type { OrderWhere } from './list.repository.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** True when the request asks for more than the spec's list: any filter, or another order than newest first. */
export function hasFilters(q: OrderFilterQuery): boolean {
  const { sort, ...filters } = q;
  return sort !== DEFAULT_ORDER_SORT || Object.values(filters).some((v) => v !== undefined);
}

/** `from`: a day starts at the shop's midnight; `to`: a day includes itself, so the bound is the next midnight. */
export async function resolveFilter(ctx: AppContext, q: OrderFilterQuery, searchTerm: string): Promise<OrderWhere> {
  const needsZone = [q.from, q.to].some((v) => v !== undefined && DATE_ONLY.test(v));
  const timeZone = needsZone ? (await getShopSettings(ctx)).timeZone : 'UTC';
  const instant = (v: string | undefined, endOfDay: boolean) => {
    if (v === undefined) return undefined;
    const ms = DATE_ONLY.test(v) ? zonedDayStart(endOfDay ? addDays(v, 1) : v, timeZone) : Date.parse(v);
    return new Date(ms).toISOString();
  };
  const from = instant(q.from, false);
  const to = instant(q.to, true);
  if (from !== undefined && to !== undefined && to <= from) throw AppError.field('to', MSG.dateRangeOrder);
  return {
    status: q.status,
    gameId: q.gameId,
    paymentMethod: q.paymentMethod,
    from,
    to,
    verdict: q.verdict,
    isRead: q.isRead,
    operatorId: q.operatorId,
    payment: q.payment,
    searchTerm,
  };
}
