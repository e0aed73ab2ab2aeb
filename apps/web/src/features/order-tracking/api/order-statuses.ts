// POST /api/v1/OrderTracking/statuses: where each of the buyer's saved orders is now, in one request (each order's
// code with its private token; the server leaves out those it does not know). Read again when the buyer comes back
// to the tab, and every minute while it is open.
import { useQuery } from '@tanstack/react-query';
import type { TrackedStatusDto } from '@topup/contract/order-tracking';
import { request } from '../../../lib/http';
import type { SavedOrder } from '../../../lib/my-orders';

/** The server's limit per request. */
const STATUSES_MAX = 50;

export async function fetchOrderStatuses(orders: Pick<SavedOrder, 'code' | 'token'>[]): Promise<Map<string, TrackedStatusDto>> {
  const found = new Map<string, TrackedStatusDto>();
  for (let i = 0; i < orders.length; i += STATUSES_MAX) {
    const chunk = orders.slice(i, i + STATUSES_MAX).map(({ code, token }) => ({ code, token }));
    const answer = (await request<TrackedStatusDto[]>('/api/v1/OrderTracking/statuses', { method: 'POST', body: { orders: chunk } }))
      .payLoad;
    for (const s of answer ?? []) found.set(s.code, s);
  }
  return found;
}

export function useOrderStatuses(orders: SavedOrder[]) {
  return useQuery({
    queryKey: ['order-statuses', orders.map((o) => o.code).join(',')],
    queryFn: () => fetchOrderStatuses(orders),
    enabled: orders.length > 0,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}
