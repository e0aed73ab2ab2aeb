// The staff's list of unread new-order notifications.
import type { Page } from '@topup/contract/envelope';
import type { NotificationDto } from '@topup/contract/notifications';
import type { AppContext } from '../../context.ts';
import { offsetOf, toPage } from '../../lib/envelope.ts';
import { toNotificationDto } from './order-dto.ts';
import * as repo from './notifications.repository.ts';

export async function listNotifications(
  ctx: AppContext,
  searchTerm: string,
  currentPage: number,
  pageSize: number,
): Promise<Page<NotificationDto>> {
  const [rows, total] = await Promise.all([
    repo.listUnreadNotifications(ctx.db, searchTerm, offsetOf(currentPage, pageSize), pageSize),
    repo.countUnreadNotifications(ctx.db, searchTerm),
  ]);
  return toPage(rows.map(toNotificationDto), currentPage, pageSize, total);
}
