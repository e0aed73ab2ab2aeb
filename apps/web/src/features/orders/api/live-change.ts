// The last colleague's change to an order that arrived live (order-cache.ts applyOrderChange), for the notices of an
// open order detail and status dialog. Never fetched: only the hub's events write it.
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderDto } from '@topup/contract/orders';
import type { LiveChange } from './order-cache';
import { orderKeys } from '../../../lib/order-keys';

export function useLiveChange(orderId: string | undefined): LiveChange | undefined {
  return useQuery<LiveChange>({ queryKey: orderKeys.live(orderId ?? ''), queryFn: skipToken, staleTime: Infinity }).data;
}

/** Words for a colleague's change: who (when known) changed it to what, or deleted it (`order` null). */
export function useDescribeLiveChange(): (by: string | null | undefined, order: Pick<OrderDto, 'status'> | null) => string {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  return (by, order) => {
    if (!order) return by ? t('live.deletedBy', { who: by }) : t('live.deletedBySomeone');
    const status = td(`orders.statuses.${order.status}`);
    return by ? t('live.changedBy', { who: by, status }) : t('live.changedBySomeone', { status });
  };
}
