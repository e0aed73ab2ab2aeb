// Sign-in, tokens and password calls ("auth" rows, plus Reset-password).
import { z } from 'zod';
import { MSG } from './messages.ts';
import { TEXT_LIMITS } from './limits.ts';

export const Email = z.string().trim().toLowerCase().max(TEXT_LIMITS.email, MSG.tooLong(TEXT_LIMITS.email)).pipe(z.email(MSG.invalidEmail));
export const NewPassword = z
  .string()
  .min(TEXT_LIMITS.passwordMin, MSG.passwordTooShort(TEXT_LIMITS.passwordMin))
  .max(TEXT_LIMITS.passwordMax, MSG.tooLong(TEXT_LIMITS.passwordMax));

export const LoginBody = z.object({ email: Email, password: z.string().min(1, MSG.required).max(TEXT_LIMITS.passwordMax) });
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1, MSG.noRefreshToken).max(200) });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z
  .object({ token: z.string().min(1, MSG.required).max(200), newPassword: NewPassword, confirmPassword: z.string().optional() })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: MSG.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** `role` is additive (default staff): registering directly is for shops without mail; invitations are the usual way. */
export const RegisterBody = z.object({ email: Email, password: NewPassword, role: z.enum(['owner', 'staff']).default('staff') });
/** What a client sends (role optional). */
export type RegisterBody = z.input<typeof RegisterBody>;

export const ChangePasswordBody = z
  .object({
    oldPassword: z.string().min(1, MSG.required).max(TEXT_LIMITS.passwordMax),
    newPassword: NewPassword,
    confirmPassword: z.string(),
  })
  .refine((b) => b.confirmPassword === b.newPassword, { message: MSG.passwordsMustMatch, path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** What the web app keeps under `userData`: decoded from the access token's claims. */
export const AccessClaims = z.object({ sub: z.string(), email: z.string(), sid: z.string() });
export type AccessClaims = z.infer<typeof AccessClaims>;
