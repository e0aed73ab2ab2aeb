// GET /api/v1/OrderTracking/{code}?t=…: the buyer's own order (seeded from the HTML on a first load), and its live
// stream (server-sent events) that writes each change into the query cache, so the page changes without a reload.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FoundOrderDto, TrackedOrderDto } from '@topup/contract/order-tracking';
import { TRACKING_EVENTS } from '@topup/contract/order-tracking-links';
import { API_BASE, request } from '../../../lib/http';

export const trackedOrderKey = (code: string, token: string) => ['tracked-order', code, token] as const;

const trackingUrl = (code: string) => `/api/v1/OrderTracking/${encodeURIComponent(code)}`;

/** What the server rendered into the page for this code and token: the order, or `null` when it answered not found. */
export type EmbeddedOrder = { order: TrackedOrderDto | null; renderedAt: number };

export function useTrackedOrder(code: string, token: string, embedded?: EmbeddedOrder) {
  return useQuery({
    queryKey: trackedOrderKey(code, token),
    queryFn: async () => (await request<TrackedOrderDto>(trackingUrl(code), { query: { t: token } })).payLoad,
    initialData: embedded?.order ?? undefined,
    initialDataUpdatedAt: embedded?.renderedAt,
    // The server already said "not found" for this code and token: asking the API again would answer the same.
    enabled: !!code && !!token && embedded?.order !== null,
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
    staleTime: Infinity,
  });
}

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** Opens the order's event stream while the page is shown; re-reads the order whenever the stream comes back. */
export function useTrackedOrderStream(code: string, token: string, enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = trackedOrderKey(code, token);
    const source = new EventSource(`${API_BASE}${trackingUrl(code)}/events?t=${encodeURIComponent(token)}`);
    source.addEventListener(TRACKING_EVENTS.order, (event) => {
      queryClient.setQueryData(key, JSON.parse((event as MessageEvent<string>).data) as TrackedOrderDto);
      setState('live');
    });
    source.onerror = () => setState('reconnecting');
    // A phone that slept may have missed a change: read the order again when the tab comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: key });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      source.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [code, token, enabled, queryClient]);
  return state;
}

export async function findOrders(mobileNumber: string, transactionNumber: string): Promise<FoundOrderDto[]> {
  const res = await request<null>('/api/v1/OrderTracking/find', { method: 'POST', body: { mobileNumber, transactionNumber } });
  return (res.payLoadList as FoundOrderDto[] | null) ?? [];
}
