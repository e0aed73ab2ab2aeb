// Orders and notifications as the API answers them.
import type { OrderStatus } from '@topup/contract/limits';
import type { NotificationDto } from '@topup/contract/notifications';
import type { CancelReason } from '@topup/contract/order-reasons';
import type { OrderDto } from '@topup/contract/orders';
import type { AppContext } from '../../context.ts';
import type { NotificationsTable, OrderRow } from '../../db/schema.ts';

export function toOrderDto(ctx: AppContext, row: OrderRow): OrderDto {
  return {
    id: row.id,
    code: row.code,
    inGameUserId: row.in_game_user_id,
    serverInfo: row.server_info,
    mobileNumber: row.mobile_number,
    gameId: row.game_id,
    gameTitle: row.game_title,
    tokenPackageDto: {
      id: row.package_id,
      tokenTitle: row.package_title,
      unit: row.package_unit,
      price: row.package_price,
      currency: row.package_currency,
      packageImage: ctx.media.publicUrl(row.package_image),
    },
    paymentMethod: row.payment_method,
    status: row.status as OrderStatus,
    quantity: row.quantity,
    subTotal: row.sub_total,
    transactionNumber: row.transaction_number,
    screenShot: ctx.media.screenshotUrl(row.screenshot),
    userDto: row.operator_email ? { email: row.operator_email } : null,
    isRead: row.is_read === 1,
    cancelReason: (row.cancel_reason as CancelReason | null) ?? null,
    cancelNote: row.cancel_note ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    verdict: (row.verdict as OrderDto['verdict']) ?? null,
    isDuplicate: row.is_duplicate === 1,
    paymentState: (row.payment_state as OrderDto['paymentState']) ?? 'not_received',
  };
}

export function toNotificationDto(row: NotificationsTable): NotificationDto {
  return { id: row.id, orderId: row.order_id, message: row.message, isRead: row.is_read === 1, createdAt: row.created_at };
}
