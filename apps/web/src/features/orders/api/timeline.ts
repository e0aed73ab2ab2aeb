// GET /api/v1/Order/{id}/Timeline: who did what to the order and when, oldest first. Refreshed by every change to
// the order made here (order-cache.ts orderChanged) and when the order's detail is refetched.
import { useQuery } from '@tanstack/react-query';
import type { OrderEventDto } from '@topup/contract/order-timeline';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export async function getTimeline(orderId: string): Promise<OrderEventDto[]> {
  return (await request<OrderEventDto[]>(`/api/v1/Order/${encodeURIComponent(orderId)}/Timeline`)).payLoad;
}

export function useTimeline(orderId: string) {
  return useQuery({ queryKey: orderKeys.timeline(orderId), queryFn: () => getTimeline(orderId) });
}
