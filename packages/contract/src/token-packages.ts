// Game credit packs (the API's TokenPackage).
import { z } from 'zod';
import { FormBoolean, PageQuery } from './envelope.ts';
import { MSG } from './messages.ts';
import { PAYMENT_METHODS, PRICE_MAX, TEXT_LIMITS, UNIT_MAX } from './limits.ts';

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

export const TokenPackageDto = z.object({
  id: z.string(),
  tokenTitle: z.string(),
  unit: z.number(),
  price: z.number(),
  currency: z.string(),
  gameId: z.string(),
  gameDto: z.object({ id: z.string(), title: z.string() }),
  paymentMethod: PaymentMethodSchema,
  canAddQuantity: z.boolean(),
  packageImage: z.string().nullable(),
  createdDate: z.string(),
  /** Sold as codes from stock (code-stock.ts); absent for clients that predate it means false. */
  isCodeProduct: z.boolean().optional(),
  /** Completed by the shop itself once a wallet notice confirms payment (auto-delivery.ts). */
  autoDelivery: z.boolean().optional(),
  /**
   * Code packages only: how many can be bought right now, at most QUANTITY.max (the real stock stays private);
   * 0: out of stock, the storefront says so and the order is refused. Null for packages that are not codes.
   */
  availableQuantity: z.number().int().nullable().optional(),
});
export type TokenPackageDto = z.infer<typeof TokenPackageDto>;

const money = z.coerce
  .number({ message: MSG.mustBeNumber })
  .min(0, 'Must not be negative.')
  .max(PRICE_MAX, `Must be at most ${PRICE_MAX}.`)
  .refine((n) => Math.round(n * 100) === n * 100, 'At most 2 decimal places.');

export const TokenPackageForm = z.object({
  tokenTitle: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.tokenTitle, MSG.tooLong(TEXT_LIMITS.tokenTitle)),
  unit: z.coerce.number({ message: MSG.mustBeNumber }).int(MSG.mustBeWholeNumber).min(1, MSG.numberTooSmall(1)).max(UNIT_MAX),
  price: money,
  currency: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.currency, MSG.tooLong(TEXT_LIMITS.currency)),
  gameId: z.uuid(MSG.chooseGame),
  paymentMethod: PaymentMethodSchema.default('NORMAL'),
  canAddQuantity: FormBoolean.default(false),
  packageImage: z.string().optional(),
});
export type TokenPackageForm = z.infer<typeof TokenPackageForm>;

export const TokenPackageListQuery = PageQuery.extend({
  gameId: z.uuid().optional(),
  paymentMethod: PaymentMethodSchema.optional(),
});
export type TokenPackageListQuery = z.infer<typeof TokenPackageListQuery>;
