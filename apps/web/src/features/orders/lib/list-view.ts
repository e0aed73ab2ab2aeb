// The orders list's view — search, filters, sort, page — kept in the URL query, so a filtered view can be shared as a
// link and survives a reload. One reader and one writer: unknown or invalid values are dropped, defaults left out.
import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from '@topup/contract/limits';
import { ORDER_PAYMENT_STATES, type OrderPaymentState } from '@topup/contract/payment-phone-states';
import { VERDICT_FILTERS, type VerdictFilter } from '@topup/contract/verification';
import { DEFAULT_ORDER_SORT, ORDER_SORTS, type OrderFilter, type OrderSort } from '@topup/contract/order-list';
import type { ListParams } from '../../../lib/page-cache';

export type OrderListView = {
  q: string;
  page: number;
  status?: OrderStatus;
  gameId?: string;
  paymentMethod?: PaymentMethod;
  from?: string;
  to?: string;
  verdict?: VerdictFilter;
  isRead?: boolean;
  operatorId?: string;
  /** What the shop's own wallet said (a payment phone's notice). */
  payment?: OrderPaymentState;
  sort: OrderSort;
};

/** The narrowing fields (what "Clear filters" resets; the search box is its own). */
export const FILTER_FIELDS = ['status', 'gameId', 'paymentMethod', 'from', 'to', 'verdict', 'isRead', 'operatorId', 'payment'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

const matching = (re: RegExp, value: string | null) => (value !== null && re.test(value) ? value : undefined);

export function readView(params: URLSearchParams): OrderListView {
  const page = Number(params.get('page'));
  const read = params.get('isRead');
  return {
    q: params.get('q')?.trim() ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: oneOf(ORDER_STATUSES, params.get('status')),
    gameId: matching(UUID, params.get('gameId')),
    paymentMethod: oneOf(PAYMENT_METHODS, params.get('paymentMethod')),
    from: matching(DAY, params.get('from')),
    to: matching(DAY, params.get('to')),
    verdict: oneOf(VERDICT_FILTERS, params.get('verdict')),
    isRead: read === 'true' ? true : read === 'false' ? false : undefined,
    operatorId: matching(UUID, params.get('operatorId')),
    payment: oneOf(ORDER_PAYMENT_STATES, params.get('payment')),
    sort: oneOf(ORDER_SORTS, params.get('sort')) ?? DEFAULT_ORDER_SORT,
  };
}

export function writeView(view: OrderListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  for (const field of FILTER_FIELDS) {
    const value = view[field];
    if (value !== undefined && value !== '') params.set(field, String(value));
  }
  if (view.sort !== DEFAULT_ORDER_SORT) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The filter the server applies (list, export, bulk "all matching"); the default sort is left out. */
export function filterOf(view: OrderListView): Omit<OrderFilter, 'sort'> & { sort?: OrderSort } {
  const filter: Record<string, unknown> = { searchTerm: view.q };
  for (const field of FILTER_FIELDS) if (view[field] !== undefined) filter[field] = view[field];
  if (view.sort !== DEFAULT_ORDER_SORT) filter.sort = view.sort;
  return filter as Omit<OrderFilter, 'sort'> & { sort?: OrderSort };
}

/** Query of GET /api/v1/Order (and, without the paging, of the export). */
export function listParamsOf(view: OrderListView, pageSize: number): ListParams {
  return { currentPage: view.page, pageSize, ...filterOf(view) };
}

export function activeFilterCount(view: OrderListView): number {
  return FILTER_FIELDS.filter((f) => view[f] !== undefined).length;
}
