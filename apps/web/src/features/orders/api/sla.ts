// GET /api/v1/Order/Sla: placed → completed against the promise, today and over 14 days, overall and per staff.
import { useQuery } from '@tanstack/react-query';
import type { SlaDto } from '@topup/contract/order-summary';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export async function getSla(): Promise<SlaDto> {
  return (await request<SlaDto>('/api/v1/Order/Sla')).payLoad;
}

export function useSla() {
  // Like the overview's summary: refreshed every minute and after every change made here.
  return useQuery({ queryKey: orderKeys.sla(), queryFn: getSla, refetchInterval: 60_000 });
}
