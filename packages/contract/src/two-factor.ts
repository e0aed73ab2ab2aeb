// Two-factor sign-in (TOTP, RFC 6238): enrolment with a QR code, ten single-use recovery codes, and the second step
// of signing in. A user without two-factor signs in exactly as the spec says; with it, Login answers a challenge.
import { z } from 'zod';
import { MSG } from './messages.ts';
import { TEXT_LIMITS } from './limits.ts';

export const RECOVERY_CODE_COUNT = 10;

/** References into the message catalogue (messages.ts), resolved per request into the caller's language. */
export const TWO_FACTOR_MSG = {
  codeRequired: MSG.twoFactorCodeRequired,
  wrongCode: MSG.twoFactorWrongCode,
  challengeExpired: MSG.twoFactorChallengeExpired,
  alreadyEnabled: MSG.twoFactorAlreadyEnabled,
  notEnabled: MSG.twoFactorNotEnabled,
  setupFirst: MSG.twoFactorSetupFirst,
  requiredByOwner: MSG.twoFactorRequiredByOwner,
  cannotDisableRequired: MSG.twoFactorCannotDisable,
  enableOwnFirst: MSG.twoFactorEnableOwnFirst,
  enabled: MSG.twoFactorEnabled,
  disabled: MSG.twoFactorDisabled,
} as const;

/** A 6-digit authenticator code, or a recovery code (letters and digits, dashes and spaces ignored). */
const Code = z.string().trim().min(1, MSG.required).max(32, TWO_FACTOR_MSG.wrongCode);
const SixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MSG.codeRequired);

/** Login's answer for a user with two-factor on: no tokens yet, a short-lived challenge for the second call. */
export const TwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginTwoFactorBody = z.object({ challengeToken: z.string().min(1, MSG.required).max(200), code: Code });
export type LoginTwoFactorBody = z.infer<typeof LoginTwoFactorBody>;

export const TwoFactorSetupDto = z.object({
  /** Base32 secret, for typing into an app that can't scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of otpauthUri as an SVG data URL, generated on the server (never by a third party). */
  qrCode: z.string(),
});
export type TwoFactorSetupDto = z.infer<typeof TwoFactorSetupDto>;

export const EnableTwoFactorBody = z.object({ code: SixDigits });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

export const RecoveryCodesDto = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof RecoveryCodesDto>;

export const DisableTwoFactorBody = z.object({ password: z.string().min(1, MSG.required).max(TEXT_LIMITS.passwordMax) });
export type DisableTwoFactorBody = z.infer<typeof DisableTwoFactorBody>;
