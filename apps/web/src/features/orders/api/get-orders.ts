// GET /api/v1/Order: one page of orders, newest first, optionally searched.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { OrderDto } from '@topup/contract/orders';
import { request } from '../../../lib/http';
import type { ListParams } from '../../../lib/page-cache';
import { orderKeys } from '../../../lib/order-keys';

export async function getOrders(params: ListParams): Promise<Page<OrderDto>> {
  return (await request<Page<OrderDto>>('/api/v1/Order', { query: params })).payLoad;
}

export const ordersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: orderKeys.list(params), queryFn: () => getOrders(params), placeholderData: keepPreviousData });

export function useOrders(params: ListParams) {
  return useQuery(ordersQueryOptions(params));
}
