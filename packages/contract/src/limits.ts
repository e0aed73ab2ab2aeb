// The business constants and limits of the shop, in one place for the server and the web app.

export const LANGUAGES = ['mm', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'mm';

export const MOBILE_BREAKPOINT_PX = 768;

export const PAGE_SIZE = {
  default: 10,
  admin: 12,
  games: 12,
  paymentAccounts: 12,
  tokenPackagesResource: 10,
  tokenPackagesPage: 12,
  gamesForPackageForm: 1000,
  homeSeeMoreStep: 12,
  /** The server clamps every page to this; the client's 100000 gets a bounded page. */
  max: 1000,
} as const;

export const SERVER_TYPES = ['NONE', 'SERVER', 'ZONEID'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];
export const SERVER_OPTIONS = ['America', 'Europe', 'Asia', 'TW, HK, MO'] as const;

export const PAYMENT_METHODS = ['NORMAL', 'PHONEBILL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'NORMAL';

export const ORDER_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const MAX_PAYMENT_ACCOUNTS = 4;
export const QUANTITY = { min: 1, max: 10 } as const;
export const TRANSACTION_NUMBER_LENGTH = 6;
export const DEFAULT_ORDER_INDEX = 1;

export const CLEAN_TYPES = ['WEEKLY', 'MONTHLY'] as const;
export type CleanType = (typeof CLEAN_TYPES)[number];
export const CLEAN_COUNTS: Record<CleanType, readonly number[]> = { WEEKLY: [3], MONTHLY: [1, 2, 3] };
export const CLEAN_DEFAULT_COUNT: Record<CleanType, number> = { WEEKLY: 3, MONTHLY: 1 };

export const CURRENCY_SHOWN = 'MMK';

export const TEXT_LIMITS = {
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  gameTitle: 100,
  gameDescription: 2000,
  paymentName: 60,
  phone: 20,
  /** The name on a payment account, as the buyer checks it in their wallet app before paying. */
  holderName: 60,
  tokenTitle: 100,
  currency: 10,
  inGameUserId: 50,
  serverInfo: 50,
  mobileNumber: 16,
  searchTerm: 100,
} as const;

export const PRICE_MAX = 100_000_000;
export const UNIT_MAX = 10_000_000;
export const ORDER_INDEX_MAX = 100_000;

export const TIMINGS = {
  carouselAutoplayMs: 3000,
  orderToastMs: 5000,
  passwordToastMs: 4000,
  homeMessageClearMs: 5000,
  sidebarCookieDays: 7,
} as const;

export const HUB = {
  path: '/dashboard',
  reconnectDelaysMs: [0, 2000, 5000, 10000],
  keepAliveMs: 15_000,
  serverTimeoutMs: 30_000,
  longPollTimeoutMs: 100_000,
  startRetryMs: 3000,
  events: {
    order: 'ReceiveOrder',
    notification: 'ReceiveNotificationMessage',
    verdict: 'ReceiveOrderVerdict',
    changed: 'ReceiveOrderChanged',
    payment: 'ReceivePaymentNotice',
    /** A code package fell below its low-stock threshold (code-stock.ts LowStockEvent): counts only. */
    lowStock: 'ReceiveLowStock',
  },
} as const;

/**
 * Widths at which catalog images are served as WebP at /img/{width}/{name} (a fixed set: the server never resizes at
 * will). 720 is the home banner on a common phone: 388 CSS px at 1.75 device pixels is 679 px, so without it the
 * phone took the 960 (docs/decisions/0023-first-paint-on-a-phone.md).
 */
export const IMAGE_VARIANT_WIDTHS = [96, 160, 240, 320, 480, 640, 720, 960, 1280] as const;
