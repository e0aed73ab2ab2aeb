// Staff accounts (spec §3 User).
import { z } from 'zod';
import { Email } from './auth.ts';

export const UserDto = z.object({ id: z.string(), email: z.string(), emailConfirmed: z.boolean() });
export type UserDto = z.infer<typeof UserDto>;

export const UpdateUserBody = z.object({ email: Email });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
