// What makes completing an order risky: its screenshot or transaction number was already used on another order
// (duplicate), or the screenshot does not match the order (verdict mismatch). The server refuses to complete such an
// order unless the staff member says they overrode the flag and why (409 `orderFlagged`); the dialog asks first.
import type { OrderDto } from '@topup/contract/orders';
import { ApiError } from '../../../lib/http';

export type OrderFlag = 'duplicate' | 'mismatch';

export function flagsOf(order: Pick<OrderDto, 'verdict' | 'isDuplicate'> | null | undefined): OrderFlag[] {
  if (!order) return [];
  const flags: OrderFlag[] = [];
  if (order.isDuplicate) flags.push('duplicate');
  if (order.verdict === 'mismatch') flags.push('mismatch');
  return flags;
}

/** The server refused to complete a flagged order the client thought was clean (its flag arrived meanwhile). */
export const isFlaggedRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'orderFlagged';
