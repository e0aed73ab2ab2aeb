// Games, their images, packages and the payment accounts shown with them (the API's Game).
import { z } from 'zod';
import { FormBoolean } from './envelope.ts';
import { PaymentAccountDto } from './payment-accounts.ts';
import { TokenPackageDto } from './token-packages.ts';
import { MSG } from './messages.ts';
import { DEFAULT_ORDER_INDEX, ORDER_INDEX_MAX, SERVER_TYPES, TEXT_LIMITS } from './limits.ts';

export const ServerTypeSchema = z.enum(SERVER_TYPES);

export const GameDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  orderIndex: z.number().int(),
  serverType: ServerTypeSchema,
  isDisable: z.boolean(),
  logo: z.string().nullable(),
  bannerImage: z.string().nullable(),
  gameProfileImage: z.string().nullable(),
  createdAt: z.string(),
});
export type GameDto = z.infer<typeof GameDto>;

export const GameDetailDto = GameDto.extend({
  tokenPackageDto: z.array(TokenPackageDto),
  configSettingDtos: z.array(PaymentAccountDto),
});
export type GameDetailDto = z.infer<typeof GameDetailDto>;

/** Multipart text fields; images come as file_Logo, file_BannerImage, file_GameProfileImage. */
export const GameForm = z.object({
  title: z.string().trim().min(1, MSG.required).max(TEXT_LIMITS.gameTitle, MSG.tooLong(TEXT_LIMITS.gameTitle)),
  description: z.string().trim().max(TEXT_LIMITS.gameDescription, MSG.tooLong(TEXT_LIMITS.gameDescription)).default(''),
  orderIndex: z.coerce
    .number({ message: MSG.mustBeNumber })
    .int(MSG.mustBeWholeNumber)
    .min(0)
    .max(ORDER_INDEX_MAX)
    .refine((n) => n !== 0, MSG.orderIndexNonZero)
    .default(DEFAULT_ORDER_INDEX),
  /** Refused in words (no server, server, Zone ID), not as the codes a person never sees. */
  serverType: z.enum(SERVER_TYPES, { message: MSG.serverTypeInvalid }),
  isDisable: FormBoolean.default(false),
  logo: z.string().optional(),
  bannerImage: z.string().optional(),
  gameProfileImage: z.string().optional(),
});
export type GameForm = z.infer<typeof GameForm>;
