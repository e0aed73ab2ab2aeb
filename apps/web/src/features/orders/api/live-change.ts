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

/**
 * Words for a colleague's change: who (when known; "the shop (automatic)" when it completed the order by itself)
 * changed it to what, or deleted it (`order` null).
 */
export function useDescribeLiveChange(): (
  by: string | null | undefined,
  order: Pick<OrderDto, 'status'> | null,
  automatic?: boolean,
) => string {
  const { t } = useTranslation('workbench');
  const { t: td } = useTranslation('dashboard');
  return (by, order, automatic = false) => {
    const who = by ?? (automatic ? t('timeline.shopAutomatic') : null);
    if (!order) return who ? t('live.deletedBy', { who }) : t('live.deletedBySomeone');
    const status = td(`orders.statuses.${order.status}`);
    return who ? t('live.changedBy', { who, status }) : t('live.changedBySomeone', { status });
  };
}
