// Code stock: packages sold as codes (gift cards, vouchers), the codes owners add in bulk, stock per package, and the
// owner-only, audited reveal of a code. A code's text leaves the server only to its buyer (the order's private status
// page) and to an owner who reveals it; never in lists, logs, exports, hub messages, notifications or errors.
//
// Routes (owner unless marked staff):
// - GET  /api/v1/TokenPackage/:id/Delivery           envelope(PackageDeliveryDto)                         staff
// - PUT  /api/v1/TokenPackage/:id/Delivery           JSON PackageDeliveryBody → envelope(PackageDeliveryDto)
// - GET  /api/v1/CodeStock                           envelope(null, CodeStockDto[]): every code package's stock   staff
// - GET  /api/v1/CodeStock/:packageId                envelope(CodeStockDto)                               staff
// - POST /api/v1/CodeStock/:packageId/Codes          JSON CodeImportBody → envelope(CodeImportResultDto)
// - GET  /api/v1/CodeStock/:packageId/Codes?…CodeListQuery…  envelope(page(StockCodeDto)): masked, never the code
// - POST /api/v1/CodeStock/Codes/:id/Reveal          envelope(RevealedCodeDto); recorded in the reveal log
// - DELETE /api/v1/CodeStock/Codes/:id               withdraws an available code (never a reserved or delivered one)
// - GET  /api/v1/CodeStock/Reveals?currentPage&pageSize  envelope(page(CodeRevealDto)): who revealed which code, when
//
// Placing an order for a code package reserves its N codes at once, N or none: without them the order is refused
// with 409, code `outOfStock` (field `tokenPackageId`) or `notEnoughStock` (field `quantity`). Completing the order
// (by staff or automatically) delivers them; cancelling gives them back. A completion that finds too few codes is
// refused (409, `outOfStock` on field `orderStatus`) and an automatic one leaves the order for staff.
import { z } from 'zod';
import { MSG } from './messages.ts';

/** Where a code is: available to sell, reserved for a placed order, delivered to its buyer, or past its expiry. */
export const CODE_STATES = ['available', 'reserved', 'delivered', 'expired'] as const;
export type CodeState = (typeof CODE_STATES)[number];

/** Who completes a package's orders: staff (as always), or the shop itself once a wallet notice confirms payment. */
export const DELIVERY_MODES = ['STAFF', 'AUTO_ON_PAYMENT'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const CODE_LIMITS = {
  /** Characters of one code, and of its PIN or serial. */
  code: 200,
  pin: 200,
  /** Lines (codes) of one import. */
  importLines: 5000,
  /** Characters of one import's text (a pasted list or a CSV file's content). */
  importChars: 1_000_000,
  /** Characters of a redeem instruction per language. */
  redeem: 2000,
  lowStockMax: 100_000,
} as const;

/** How the buyer redeems the code, per language; empty: none shown. */
export const RedeemInstructions = z.object({ mm: z.string(), en: z.string() });
export type RedeemInstructions = z.infer<typeof RedeemInstructions>;

export const PackageDeliveryDto = z.object({
  packageId: z.string(),
  /** Sold as codes from stock: each unit of quantity takes one code. */
  isCodeProduct: z.boolean(),
  deliveryMode: z.enum(DELIVERY_MODES),
  redeemInstructions: RedeemInstructions,
  /** Owners are warned (dashboard, staff alerts) when available codes fall below this; 0: never. */
  lowStockThreshold: z.number().int(),
});
export type PackageDeliveryDto = z.infer<typeof PackageDeliveryDto>;

const redeemText = z.string().trim().max(CODE_LIMITS.redeem, MSG.tooLong(CODE_LIMITS.redeem));

export const PackageDeliveryBody = z.object({
  isCodeProduct: z.boolean({ message: MSG.mustBeType('boolean') }),
  deliveryMode: z.enum(DELIVERY_MODES, { message: MSG.mustBeOneOf(DELIVERY_MODES) }),
  redeemInstructions: z.object({ mm: redeemText, en: redeemText }).default({ mm: '', en: '' }),
  lowStockThreshold: z.coerce
    .number({ message: MSG.mustBeNumber })
    .int(MSG.mustBeWholeNumber)
    .min(0, MSG.mustNotBeNegative)
    .max(CODE_LIMITS.lowStockMax, MSG.numberTooBig(CODE_LIMITS.lowStockMax))
    .default(0),
});
export type PackageDeliveryBody = z.infer<typeof PackageDeliveryBody>;

/** One code package's stock. `low`: available below the threshold (a threshold of 0 is never low). */
export const CodeStockDto = z.object({
  packageId: z.string(),
  packageTitle: z.string(),
  gameId: z.string(),
  gameTitle: z.string(),
  deliveryMode: z.enum(DELIVERY_MODES),
  available: z.number().int(),
  reserved: z.number().int(),
  delivered: z.number().int(),
  expired: z.number().int(),
  lowStockThreshold: z.number().int(),
  low: z.boolean(),
});
export type CodeStockDto = z.infer<typeof CodeStockDto>;

/**
 * Codes to add. `text` is a pasted list or a CSV file's content: one code a line, optionally followed by its PIN or
 * serial and its expiry date (YYYY-MM-DD, the last day it can be used), separated by a comma, semicolon or tab.
 * A first line whose first cell is "code" is a header and skipped; blank lines are skipped. Quoted CSV cells work.
 * A line with an unreadable expiry, a code already in stock or a code repeated in the text is left out and listed.
 */
export const CodeImportBody = z.object({
  text: z.string({ message: MSG.required }).min(1, MSG.required).max(CODE_LIMITS.importChars, MSG.tooLong(CODE_LIMITS.importChars)),
});
export type CodeImportBody = z.infer<typeof CodeImportBody>;

export const CODE_IMPORT_PROBLEMS = ['duplicate', 'alreadyInStock', 'badExpiry', 'expired', 'tooLong', 'empty'] as const;
export type CodeImportProblem = (typeof CODE_IMPORT_PROBLEMS)[number];

/** What an import did: how many were added, and each line left out (1-based line number, why). */
export const CodeImportResultDto = z.object({
  added: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), problem: z.enum(CODE_IMPORT_PROBLEMS) })),
  stock: CodeStockDto,
});
export type CodeImportResultDto = z.infer<typeof CodeImportResultDto>;

export const CodeListQuery = z.object({
  state: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z.enum(CODE_STATES).optional(),
  ),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type CodeListQuery = z.infer<typeof CodeListQuery>;

/** A code in a list: its last characters only (`••••1234`), never the code or its PIN. */
export const StockCodeDto = z.object({
  id: z.string(),
  packageId: z.string(),
  maskedCode: z.string(),
  hasPin: z.boolean(),
  state: z.enum(CODE_STATES),
  /** Last day it can be used (YYYY-MM-DD); null: never expires. */
  expiresOn: z.string().nullable(),
  addedAt: z.string(),
  addedBy: z.string().nullable(),
  orderId: z.string().nullable(),
  orderCode: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type StockCodeDto = z.infer<typeof StockCodeDto>;

/** An owner's reveal: the code itself. Every reveal is recorded (who, when, which code). */
export const RevealedCodeDto = z.object({ id: z.string(), code: z.string(), pin: z.string().nullable() });
export type RevealedCodeDto = z.infer<typeof RevealedCodeDto>;

export const CodeRevealDto = z.object({
  codeId: z.string(),
  packageId: z.string(),
  packageTitle: z.string(),
  maskedCode: z.string(),
  by: z.string(),
  at: z.string(),
});
export type CodeRevealDto = z.infer<typeof CodeRevealDto>;

/** A delivered code as its buyer sees it (the order's private status page only). */
export const DeliveredCodeDto = z.object({ code: z.string(), pin: z.string().nullable(), expiresOn: z.string().nullable() });
export type DeliveredCodeDto = z.infer<typeof DeliveredCodeDto>;

/** Hub event `ReceiveLowStock` to signed-in staff: counts only. Also a staff alert (Web Push) of kind `lowStock`. */
export const LowStockEvent = z.object({ stock: CodeStockDto });
export type LowStockEvent = z.infer<typeof LowStockEvent>;

export const CODE_STOCK_MSG = {
  outOfStock: MSG.outOfStock,
  notEnoughStock: MSG.notEnoughStock,
  completionOutOfStock: MSG.completionOutOfStock,
  codesAdded: MSG.codesAdded,
  codeRevealed: MSG.codeRevealed,
  codeWithdrawn: MSG.codeWithdrawn,
  codeNotAvailable: MSG.codeNotAvailable,
  notCodeProduct: MSG.notCodeProduct,
  deliverySaved: MSG.deliverySaved,
} as const;
