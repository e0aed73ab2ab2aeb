// The buyer-side rules of the game page: when Buy Now is allowed, quantity bounds, sub total,
// the transaction number's shape, and which packages a payment method shows. The server checks all of it again.
import type { TokenPackageDto } from '@topup/contract/token-packages';
import { QUANTITY, TRANSACTION_NUMBER_LENGTH, type PaymentMethod, type ServerType } from '@topup/contract/limits';

export type BuyerDetails = { packageId: string | null; inGameUserId: string; mobileNumber: string };

/** Buy Now needs a package, the in-game user ID and a mobile number. */
export function canBuy(d: BuyerDetails): boolean {
  return d.packageId !== null && d.inGameUserId.trim() !== '' && d.mobileNumber.trim() !== '';
}

/** 1–10; anything that isn't a number becomes 1. */
export function clampQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(n)) return QUANTITY.min;
  return Math.min(QUANTITY.max, Math.max(QUANTITY.min, Math.trunc(n)));
}

/** Quantity after choosing a package: 1 unless the package can add quantity (then the current one, within bounds). */
export function quantityAfterSelect(pkg: Pick<TokenPackageDto, 'canAddQuantity'>, current: number): number {
  return pkg.canAddQuantity ? clampQuantity(current) : QUANTITY.min;
}

/** A code package with no code to sell right now (the server says how many can be bought, never its real stock). */
export function isOutOfStock(pkg: Pick<TokenPackageDto, 'availableQuantity'>): boolean {
  return pkg.availableQuantity === 0;
}

/** The most one order may take: 10, or fewer when a code package has fewer codes left. */
export function quantityLimit(pkg: Pick<TokenPackageDto, 'availableQuantity'> | null): number {
  const available = pkg?.availableQuantity;
  return typeof available === 'number' ? Math.max(QUANTITY.min, Math.min(QUANTITY.max, available)) : QUANTITY.max;
}

/** price × quantity, kept to whole cents so 0.1 × 3 doesn't print 0.30000000000000004. */
export function subTotal(price: number, quantity: number): number {
  return Math.round(price * quantity * 100) / 100;
}

/** What the transaction number field keeps of what was typed or pasted: digits only, at most 6. */
export function sanitizeTransactionNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, TRANSACTION_NUMBER_LENGTH);
}

export function isValidTransactionNumber(value: string): boolean {
  return new RegExp(`^\\d{${TRANSACTION_NUMBER_LENGTH}}$`).test(value);
}

export function packagesFor(packages: TokenPackageDto[], method: PaymentMethod): TokenPackageDto[] {
  return packages.filter((p) => p.paymentMethod === method);
}

/** Same shape the server accepts (contract MobileNumber: 09… or +959… / 959…, spaces and dashes ignored). */
export function isMobileNumber(value: string): boolean {
  return /^(?:09|\+?959)\d{7,9}$/.test(value.trim().replace(/[\s-]/g, ''));
}

export function needsServerInfo(serverType: ServerType): boolean {
  return serverType !== 'NONE';
}

export { formatMoney } from '../../../lib/money';
