// Reading orders: the list (search, filters, sorts), one order, and the operators the list filters by.
import type { Page } from '@topup/contract/envelope';
import { normalizeOrderCode } from '@topup/contract/order-codes';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderFilterQuery } from '@topup/contract/order-list';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { hasFilters, resolveFilter } from './list-filters.ts';
import { findOrder, findOrderByCode } from './orders.repository.ts';
import { toOrderDto } from './order-dto.ts';
import * as repo from './list.repository.ts';
import { searchOrders } from './search.repository.ts';

export async function listOrders(
  ctx: AppContext,
  searchTerm: string,
  currentPage: number,
  pageSize: number,
  filters?: OrderFilterQuery,
): Promise<Page<OrderDto>> {
  // Filters or another sort: one query over the filter indexes, the search term inside it.
  if (filters && hasFilters(filters)) {
    const where = await resolveFilter(ctx, filters, searchTerm);
    const { rows, total } = await repo.listFiltered(ctx.db, ctx.dialect, where, filters.sort, offsetOf(currentPage, pageSize), pageSize);
    return toPage(
      rows.map((r) => toOrderDto(ctx, r)),
      currentPage,
      pageSize,
      total,
    );
  }
  // Staff type or paste the code a buyer reads out: an exact code answers that one order.
  const code = normalizeOrderCode(searchTerm);
  if (code) {
    const row = await findOrderByCode(ctx.db, code);
    if (row) return toPage(currentPage === 1 ? [toOrderDto(ctx, row)] : [], currentPage, pageSize, 1);
  }
  const { rows, total } = await searchOrders(ctx.db, ctx.dialect, searchTerm, offsetOf(currentPage, pageSize), pageSize);
  return toPage(
    rows.map((r) => toOrderDto(ctx, r)),
    currentPage,
    pageSize,
    total,
  );
}

/** Everyone who can work orders, as the operator filter offers them. */
export function listOperators(ctx: AppContext): Promise<Array<{ id: string; email: string }>> {
  return repo.listOperators(ctx.db);
}

export async function getOrder(ctx: AppContext, id: string): Promise<OrderDto> {
  const row = await findOrder(ctx.db, id);
  if (!row) throw AppError.notFound('Order');
  return toOrderDto(ctx, row);
}
