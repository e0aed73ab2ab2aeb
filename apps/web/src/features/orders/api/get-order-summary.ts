// GET /api/v1/Order/summary: the overview's pending work and orders/revenue per local day.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummaryDto } from '@topup/contract/order-summary';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export async function getOrderSummary(): Promise<OrderSummaryDto> {
  return (await request<OrderSummaryDto>('/api/v1/Order/summary', { query: { tzOffset: new Date().getTimezoneOffset() } })).payLoad;
}

export const orderSummaryQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.summary(), queryFn: getOrderSummary, refetchInterval: 60_000 });

export function useOrderSummary() {
  return useQuery(orderSummaryQueryOptions());
}
