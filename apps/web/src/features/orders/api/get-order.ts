// GET /api/v1/Order/{id}: one order with its signed screenshot URL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDto } from '@topup/contract/orders';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export async function getOrder(id: string): Promise<OrderDto> {
  return (await request<OrderDto>(`/api/v1/Order/${encodeURIComponent(id)}`)).payLoad;
}

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });

/** `enabled` false once the order is known to be deleted: nothing to load any more. */
export function useOrder(id: string, enabled = true) {
  return useQuery({ ...orderQueryOptions(id), enabled });
}
