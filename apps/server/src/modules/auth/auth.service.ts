// Sign-in, token rotation, sign-out and the password flows: the rules of who may act as an admin.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChangePasswordBody, LoginBody, RegisterBody, ResetPasswordBody, TokenPair } from '@topup/contract/auth';
import type { UserDto } from '@topup/contract/users';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import type { Admin } from '../../plugins/auth.ts';
import * as repo from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { RESET_TOKEN_TTL_MS, SESSION_TTL_MS, hashToken, newOpaqueToken } from './tokens.ts';

export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<TokenPair> {
  refuseIfThrottled(ctx, body.email, ip);
  const user = await repo.findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) {
    const delayMs = ctx.throttle.recordFailure(body.email, ip);
    await sleep(delayMs);
    refuseIfThrottled(ctx, body.email, ip);
    throw new AppError(401, MSG.wrongCredentials);
  }
  ctx.throttle.recordSuccess(body.email, ip);
  const sessionId = randomUUID();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, { id: sessionId, user_id: user.id, created_at: now, expires_at: isoAfter(SESSION_TTL_MS) });
  });
  return issueTokens(ctx, { id: user.id, email: user.email, sessionId });
}

function refuseIfThrottled(ctx: AppContext, email: string, ip: string) {
  const waitMs = ctx.throttle.retryAfterMs(email, ip);
  if (waitMs > 0) {
    throw new AppError(429, MSG.tooManyAttempts, undefined, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  }
}

/** A new access token and a new refresh token in the same session (family). */
async function issueTokens(ctx: AppContext, admin: Admin): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(ctx.db, {
    id: randomUUID(),
    session_id: admin.sessionId,
    token_hash: hashToken(refreshToken),
    created_at: nowIso(),
  });
  const accessToken = await ctx.tokens.signAccess({ sub: admin.id, email: admin.email, sid: admin.sessionId });
  return { accessToken, refreshToken };
}

/**
 * Rotation: each refresh token works once. Presenting one that was already used means it was copied,
 * so the whole session (every token of the family) is revoked. Sessions end at their absolute expiry.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = nowIso();
  const row = await repo.findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row || row.revoked_at || row.expires_at <= now) throw new AppError(401, MSG.invalidRefreshToken);
  if (row.used_at || !(await repo.claimRefreshToken(ctx.db, row.id, now))) {
    await repo.revokeSession(ctx.db, row.session_id, now);
    throw new AppError(401, MSG.invalidRefreshToken);
  }
  return issueTokens(ctx, { id: row.user_id, email: row.email, sessionId: row.session_id });
}

export async function logout(ctx: AppContext, admin: Admin): Promise<void> {
  await repo.revokeSession(ctx.db, admin.sessionId, nowIso());
}

/** Per-email cap on reset mails, so the form can't be used to flood someone's inbox. */
const recentResetMails = new Map<string, number[]>();
const RESET_MAILS_PER_WINDOW = 3;
const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;

function mayMail(email: string): boolean {
  const now = Date.now();
  const sent = (recentResetMails.get(email) ?? []).filter((t) => now - t < RESET_MAIL_WINDOW_MS);
  if (sent.length >= RESET_MAILS_PER_WINDOW) return false;
  sent.push(now);
  recentResetMails.set(email, sent);
  if (recentResetMails.size > 10_000) recentResetMails.clear();
  return true;
}

/**
 * Always answers the same; the work for a real account (token, mail) happens after the answer,
 * so neither the message nor the timing tells whether the email exists.
 */
export function forgotPassword(ctx: AppContext, email: string, log: { error: (o: object, m: string) => void }): void {
  track(ctx, (async () => {
    const user = await repo.findUserByEmail(ctx.db, email);
    if (!user || !mayMail(email)) return;
    const token = newOpaqueToken();
    const now = nowIso();
    await ctx.db.transaction().execute(async (trx) => {
      await repo.expireUnusedResets(trx, user.id, now);
      await repo.insertPasswordReset(trx, {
        id: randomUUID(),
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: isoAfter(RESET_TOKEN_TTL_MS),
      });
    });
    const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
    const link = `${base}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Someone asked to reset the password of this account.\n\nOpen this link within 30 minutes to choose a new password (it works once):\n${link}\n\nIf it wasn't you, ignore this mail; your password stays as it is.`,
    });
  })().catch((err) => log.error({ err }, 'password reset mail failed')));
}

/** Reset mails still being prepared or sent, per app, so closing the app can wait for them before the database goes. */
const backgroundWork = new WeakMap<AppContext, Set<Promise<void>>>();

function track(ctx: AppContext, work: Promise<void>) {
  let set = backgroundWork.get(ctx);
  if (!set) backgroundWork.set(ctx, (set = new Set()));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Resolves once every reset mail started so far has been sent (or has failed and been logged). */
export async function settleBackgroundWork(ctx: AppContext): Promise<void> {
  await Promise.all([...(backgroundWork.get(ctx) ?? [])]);
}

/** Completes a reset: the link works once, within 30 minutes; every session of the user ends. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<void> {
  const now = nowIso();
  const reset = await repo.findPasswordReset(ctx.db, hashToken(body.token));
  if (!reset || reset.used_at || reset.expires_at <= now) throw AppError.field('token', MSG.resetLinkInvalid);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimPasswordReset(trx, reset.id, now))) throw AppError.field('token', MSG.resetLinkInvalid);
    await repo.updatePasswordHash(trx, reset.user_id, passwordHash, now, true);
    await repo.revokeUserSessions(trx, reset.user_id, now);
  });
}

export async function register(ctx: AppContext, body: RegisterBody): Promise<UserDto> {
  const now = nowIso();
  const user = { id: randomUUID(), email: body.email, password_hash: await hashPassword(body.password), email_confirmed: 0, created_at: now, updated_at: now };
  try {
    await repo.insertUser(ctx.db, user);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken, { email: [MSG.emailTaken] });
    throw err;
  }
  return { id: user.id, email: user.email, emailConfirmed: false };
}

/**
 * Checks the old password; the other sessions of this user end, this one stays signed in.
 * Wrong old passwords count against the login throttle: a stolen access token must not become a free password oracle.
 */
export async function changePassword(ctx: AppContext, admin: Admin, body: ChangePasswordBody, ip: string): Promise<void> {
  refuseIfThrottled(ctx, admin.email, ip);
  const user = await repo.findUserById(ctx.db, admin.id);
  if (!user || !(await verifyPassword(user.password_hash, body.oldPassword))) {
    ctx.throttle.recordFailure(admin.email, ip);
    refuseIfThrottled(ctx, admin.email, ip);
    throw AppError.field('oldPassword', MSG.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, admin.id, passwordHash, now);
    await repo.revokeUserSessions(trx, admin.id, now, admin.sessionId);
  });
}

/** The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, else a generated password returned to be logged once. */
export async function ensureFirstAdmin(ctx: AppContext): Promise<{ email: string; generatedPassword?: string } | null> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  // Sign-in lowercases the email it is given, so the stored one must be lowercase too or ADMIN_EMAIL=Me@Shop.com could never sign in.
  const email = (ctx.config.adminEmail ?? 'admin@example.com').trim().toLowerCase();
  const generatedPassword = ctx.config.adminPassword ? undefined : newOpaqueToken().slice(0, 16);
  const password = ctx.config.adminPassword ?? generatedPassword!;
  const now = nowIso();
  await repo.insertUser(ctx.db, { id: randomUUID(), email, password_hash: await hashPassword(password), email_confirmed: 1, created_at: now, updated_at: now });
  return { email, generatedPassword };
}
