// Staff accounts (the API's User), with the owner/staff role and whether two-factor sign-in is on (additive fields).
import { z } from 'zod';
import { Email } from './auth.ts';
import { MSG } from './messages.ts';

import { ROLES } from './shop-settings-defaults.ts';
export { ROLES };
export const Role = z.enum(ROLES, { error: "Role must be 'owner' or 'staff'." });
export type Role = z.infer<typeof Role>;

export const UserDto = z.object({
  id: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  role: Role,
  twoFactorEnabled: z.boolean(),
});
export type UserDto = z.infer<typeof UserDto>;

/** GET /api/v1/User/me: the signed-in user, and whether the shop makes them turn on two-factor before anything else. */
export const MeDto = UserDto.extend({ mustEnableTwoFactor: z.boolean() });
export type MeDto = z.infer<typeof MeDto>;

/** The spec's body is `{ email }`; `role` is optional and only an owner may send it. */
export const UpdateUserBody = z.object({ email: Email, role: Role.optional() });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const USER_MSG = { lastOwner: MSG.lastOwner } as const;
