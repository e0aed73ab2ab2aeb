// The buyer's view of an order, made from the staff DTO: no ids, no screenshot, no staff, their own details masked.
// Needs only the contract: the live fan-out maps every changed order with it.
import type { OrderDto } from '@topup/contract/orders';
import type { TrackedOrderDto } from '@topup/contract/order-tracking';
import type { TrackingStage } from '@topup/contract/order-tracking-links';

/** Keeps the first and last characters: the buyer recognises their id, a bystander can't copy it. */
export function mask(value: string, keepStart: number, keepEnd: number): string {
  const chars = [...value];
  if (chars.length <= keepStart + keepEnd)
    return chars.length <= 2 ? '•'.repeat(chars.length) : `${chars[0]}${'•'.repeat(chars.length - 1)}`;
  return `${chars.slice(0, keepStart).join('')}${'•'.repeat(chars.length - keepStart - keepEnd)}${chars.slice(chars.length - keepEnd).join('')}`;
}

/** Where the buyer's order stands, as the status page names it. */
export function stageOf(status: string, isRead: boolean): TrackingStage {
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'CANCELLED') return 'CANCELLED';
  return isRead ? 'CHECKING' : 'PLACED';
}

/**
 * The buyer's view: no ids, no screenshot, no staff, and their own details masked. Whether a wallet notice confirmed
 * the payment is not in the staff DTO: the caller knows it (the status streams keep it once seen).
 */
/** The order once a wallet notice confirmed it: "payment confirmed, delivering" until it is completed. */
export function withPaymentReceived(order: TrackedOrderDto): TrackedOrderDto {
  const delivery =
    order.delivery?.state === 'AWAITING_PAYMENT' ? { ...order.delivery, state: 'PAYMENT_CONFIRMED' as const } : order.delivery;
  return { ...order, paymentReceived: true, ...(delivery ? { delivery } : {}) };
}

export function trackedFromDto(order: OrderDto, paymentReceived = false): TrackedOrderDto {
  return {
    code: order.code ?? '',
    stage: stageOf(order.status, order.isRead),
    status: order.status,
    gameTitle: order.gameTitle,
    packageTitle: order.tokenPackageDto.tokenTitle,
    unit: order.tokenPackageDto.unit,
    quantity: order.quantity,
    subTotal: order.subTotal,
    currency: order.tokenPackageDto.currency,
    paymentMethod: order.paymentMethod,
    maskedInGameUserId: mask(order.inGameUserId, 2, 2),
    serverInfo: order.serverInfo,
    maskedMobileNumber: mask(order.mobileNumber, 2, 3),
    cancelReason: order.status === 'CANCELLED' ? order.cancelReason : null,
    cancelNote: order.status === 'CANCELLED' ? order.cancelNote : null,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    paymentReceived,
  };
}
