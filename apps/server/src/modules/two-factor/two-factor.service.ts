// Two-factor sign-in with TOTP (RFC 6238, otplib): enrolment confirmed by a code, ten hashed single-use recovery
// codes, the second step of signing in, and the owner's "required for everyone" rule (docs/decisions/0042-two-factor.md).
// Wrong codes count against the same throttle as wrong passwords; a code accepted once is never accepted again.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TokenPair } from '@topup/contract/auth';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  type DisableTwoFactorBody,
  type LoginTwoFactorBody,
  type RecoveryCodesDto,
  type TwoFactorSetupDto,
} from '@topup/contract/two-factor';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Admin } from '../auth/admin.ts';
import { refuseIfThrottled, startSession } from '../auth/auth.service.ts';
import type { Attempt } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import { getSecuritySettings, getShopSettings } from '../shop-settings/shop-settings.service.ts';
import * as repo from './two-factor.repository.ts';

/** One period either side of now: phone clocks drift. Replays inside that window are refused by the last-step rule. */
const TOLERANCE_S = 30;

/** A wrong code counts like a wrong password: the same counters, the same small delay, the same 429 once locked. */
async function failAttempt(ctx: AppContext, attempt: Attempt, field: string): Promise<never> {
  await sleep(await ctx.throttle.recordFailure(attempt));
  await refuseIfThrottled(ctx, attempt);
  throw AppError.field(field, TWO_FACTOR_MSG.wrongCode);
}

/** The RFC 6238 time step a code matched, or null. (otplib's result type also covers HOTP, which has no step.) */
async function matchedStep(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_S, ...(afterTimeStep !== null ? { afterTimeStep } : {}) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** True for a valid code of a step later than the last one accepted; claims the step so it can't be used again. */
async function acceptTotp(
  ctx: AppContext,
  user: { id: string; totp_secret: string | null; totp_last_step: number | null },
  code: string,
): Promise<boolean> {
  if (!user.totp_secret || !/^\d{6}$/.test(code)) return false;
  const step = await matchedStep(user.totp_secret, code, user.totp_last_step === null ? null : Number(user.totp_last_step));
  return step !== null && repo.claimStep(ctx.db, user.id, step);
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCodes(): string[] {
  // 10 characters from a 32-letter alphabet without look-alikes: 50 bits each, shown as xxxxx-xxxxx.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function storeNewRecoveryCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    ctx.db,
    userId,
    codes.map((c) => ({ id: randomUUID(), code_hash: hashToken(normalizeRecoveryCode(c)) })),
  );
  return codes;
}

/** Step 1 of enrolment: a fresh secret and its QR code. Nothing changes for sign-in until a code confirms it. */
export async function setup(ctx: AppContext, admin: Admin): Promise<TwoFactorSetupDto> {
  const user = await repo.findUserSecrets(ctx.db, admin.id);
  if (!user) throw AppError.unauthorized();
  if (user.totp_enabled_at) throw AppError.conflict(TWO_FACTOR_MSG.alreadyEnabled);
  const secret = generateSecret();
  await repo.setPendingSecret(ctx.db, admin.id, secret);
  const { shopName } = await getShopSettings(ctx);
  const otpauthUri = generateURI({ issuer: shopName, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Step 2: a code from the app proves it holds the secret; two-factor is on and ten recovery codes are shown once. */
export async function enable(ctx: AppContext, admin: Admin, code: string, ip: string): Promise<RecoveryCodesDto> {
  const attempt: Attempt = { email: admin.email, ip };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserSecrets(ctx.db, admin.id);
  if (!user) throw AppError.unauthorized();
  if (user.totp_enabled_at) throw AppError.conflict(TWO_FACTOR_MSG.alreadyEnabled);
  if (!user.totp_secret) throw AppError.field('code', TWO_FACTOR_MSG.setupFirst);
  const step = await matchedStep(user.totp_secret, code, null);
  if (step === null) return failAttempt(ctx, attempt, 'code');
  if (!(await repo.enable(ctx.db, admin.id, nowIso(), step))) throw AppError.conflict(TWO_FACTOR_MSG.alreadyEnabled);
  await ctx.throttle.recordSuccess(attempt);
  return { recoveryCodes: await storeNewRecoveryCodes(ctx, admin.id) };
}

/** Turning it off needs the password (a stolen access token alone can't), and is refused while the shop requires it. */
export async function disable(ctx: AppContext, admin: Admin, body: DisableTwoFactorBody, ip: string): Promise<void> {
  const attempt: Attempt = { email: admin.email, ip };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserSecrets(ctx.db, admin.id);
  if (!user) throw AppError.unauthorized();
  if (!user.totp_enabled_at) throw AppError.conflict(TWO_FACTOR_MSG.notEnabled);
  if ((await getSecuritySettings(ctx)).requireTwoFactor) throw AppError.conflict(TWO_FACTOR_MSG.cannotDisableRequired);
  if (!(await verifyPassword(user.password_hash, body.password))) {
    await ctx.throttle.recordFailure(attempt);
    await refuseIfThrottled(ctx, attempt);
    throw AppError.field('password', MSG.oldPasswordWrong);
  }
  await ctx.db.transaction().execute((trx) => repo.disable(trx, admin.id));
}

/** New recovery codes (the old ones stop working), confirmed by a current authenticator code. */
export async function regenerateRecoveryCodes(ctx: AppContext, admin: Admin, code: string, ip: string): Promise<RecoveryCodesDto> {
  const attempt: Attempt = { email: admin.email, ip };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserSecrets(ctx.db, admin.id);
  if (!user?.totp_enabled_at) throw AppError.conflict(TWO_FACTOR_MSG.notEnabled);
  if (!(await acceptTotp(ctx, user, code))) return failAttempt(ctx, attempt, 'code');
  await ctx.throttle.recordSuccess(attempt);
  return { recoveryCodes: await storeNewRecoveryCodes(ctx, admin.id) };
}

/**
 * Login's second step: an authenticator code (once) or a recovery code (once) turns the challenge into a session.
 * `deviceOf` answers the id of a valid trusted-device cookie for the challenge's email (counted on its own counter,
 * as at the first step). Answers the tokens and the email, so the caller can trust this browser from now on.
 */
export async function completeLogin(
  ctx: AppContext,
  body: LoginTwoFactorBody,
  ip: string,
  deviceOf: (email: string) => string | undefined = () => undefined,
): Promise<{ tokens: TokenPair; email: string; device: string | undefined }> {
  const challenge = await repo.findChallenge(ctx.db, hashToken(body.challengeToken));
  if (!challenge || challenge.used_at || challenge.expires_at <= nowIso())
    throw AppError.field('challengeToken', TWO_FACTOR_MSG.challengeExpired);
  const device = deviceOf(challenge.email);
  const attempt: Attempt = { email: challenge.email, ip, device };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserSecrets(ctx.db, challenge.user_id);
  if (!user?.totp_enabled_at) throw AppError.field('challengeToken', TWO_FACTOR_MSG.challengeExpired);
  const code = body.code.trim();
  const accepted = /^\d{6}$/.test(code)
    ? await acceptTotp(ctx, user, code)
    : await repo.claimRecoveryCode(ctx.db, user.id, hashToken(normalizeRecoveryCode(code)), nowIso());
  if (!accepted) return failAttempt(ctx, attempt, 'code');
  if (!(await repo.claimChallenge(ctx.db, challenge.id, nowIso()))) throw AppError.field('challengeToken', TWO_FACTOR_MSG.challengeExpired);
  await ctx.throttle.recordSuccess(attempt);
  return { tokens: await startSession(ctx, { id: user.id, email: user.email }), email: challenge.email, device };
}
