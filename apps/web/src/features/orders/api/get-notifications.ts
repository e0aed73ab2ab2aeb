// GET /api/v1/Order/notification-list: the unread notifications behind the bell.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { NotificationDto } from '@topup/contract/notifications';
import { request } from '../../../lib/http';
import { NOTIFICATIONS_PAGE_SIZE, notificationKeys } from '../../../lib/order-keys';

export async function getNotifications(): Promise<Page<NotificationDto>> {
  return (
    await request<Page<NotificationDto>>('/api/v1/Order/notification-list', {
      query: { currentPage: 1, pageSize: NOTIFICATIONS_PAGE_SIZE },
    })
  ).payLoad;
}

/**
 * Not polled: the realtime client adds new ones as they come (order-cache.ts addIncomingNotification) and refetches
 * this list after every reconnect (resyncOrders), so nothing is missed (docs/decisions/0017-dashboard-realtime-client.md).
 */
export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationKeys.list(), queryFn: getNotifications });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
