// Sign-in, token rotation, sign-out and the password flows: the rules of who may act as an admin.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChangePasswordBody, LoginBody, RegisterBody, ResetPasswordBody, TokenPair } from '@topup/contract/auth';
import type { UserDto } from '@topup/contract/users';
import type { TwoFactorChallenge } from '@topup/contract/two-factor';
import { MSG, textOf, type Language } from '@topup/contract/messages';
import { languageOf } from '../staff-language/staff-language.service.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import type { Admin } from './admin.ts';
import * as repo from './auth.repository.ts';
import type { Attempt } from './login-throttle.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { createChallenge, endChallenges } from '../two-factor/challenges.ts';
import { RESET_TOKEN_TTL_MS, SESSION_TTL_MS, hashToken, newOpaqueToken } from './tokens.ts';

/**
 * Email and password; a user with two-factor on gets a challenge for the second step instead of tokens.
 * `device`: id of a valid trusted-device cookie for this email, if the browser sent one.
 */
export async function login(ctx: AppContext, body: LoginBody, ip: string, device?: string): Promise<TokenPair | TwoFactorChallenge> {
  const attempt: Attempt = { email: body.email, ip, device };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) {
    const delayMs = await ctx.throttle.recordFailure(attempt);
    await sleep(delayMs);
    await refuseIfThrottled(ctx, attempt);
    throw new AppError(401, MSG.wrongCredentials);
  }
  // The password was right, but with two-factor on it proves nothing alone: the throttle is cleared by the code.
  if (user.totp_enabled_at) return createChallenge(ctx.db, user.id);
  await ctx.throttle.recordSuccess(attempt);
  return startSession(ctx, user);
}

/** A new session and its first tokens, once every factor has been checked. */
export async function startSession(ctx: AppContext, user: { id: string; email: string }): Promise<TokenPair> {
  const sessionId = randomUUID();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, { id: sessionId, user_id: user.id, created_at: now, expires_at: isoAfter(SESSION_TTL_MS) });
  });
  return issueTokens(ctx, { id: user.id, email: user.email, sessionId });
}

export async function refuseIfThrottled(ctx: AppContext, attempt: Attempt) {
  const waitMs = await ctx.throttle.retryAfterMs(attempt);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(429, MSG.tooManyAttempts(seconds), undefined, { 'retry-after': String(seconds) });
  }
}

/** A new access token and a new refresh token in the same session (family). */
async function issueTokens(ctx: AppContext, admin: Pick<Admin, 'id' | 'email' | 'sessionId'>, db: Db = ctx.db): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(db, {
    id: randomUUID(),
    session_id: admin.sessionId,
    token_hash: hashToken(refreshToken),
    created_at: nowIso(),
  });
  const accessToken = await ctx.tokens.signAccess({ sub: admin.id, email: admin.email, sid: admin.sessionId });
  return { accessToken, refreshToken };
}

/**
 * A token presented again this soon after its rotation is the same client racing itself (two dashboard tabs, a
 * retried request whose answer was lost): it gets the pair the first use got. Later, it means the token was copied.
 */
export const REFRESH_GRACE_MS = 10_000;

/**
 * Rotation: each refresh token is exchanged once. Within REFRESH_GRACE_MS of that exchange it answers the same new
 * pair again; after that, presenting it means it was copied, so the whole session (every token of the family) is
 * revoked. Sessions end at their absolute expiry.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = nowIso();
  const tokenHash = hashToken(refreshToken);
  const row = await repo.findRefreshToken(ctx.db, tokenHash);
  if (!row || row.revoked_at || row.expires_at <= now) throw new AppError(401, MSG.invalidRefreshToken);
  if (!row.used_at) {
    // Claim, issue and remember the new pair in one transaction: a racing request either sees the token unused
    // (and loses the claim after this commits) or sees it used with its successor readable.
    const pair = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.claimRefreshToken(trx, row.id, now))) return null;
      const issued = await issueTokens(ctx, { id: row.user_id, email: row.email, sessionId: row.session_id }, trx);
      await repo.setRefreshSuccessor(trx, row.id, sealSuccessor(refreshToken, issued));
      return issued;
    });
    if (pair) return pair;
  }
  const used = await repo.findRefreshToken(ctx.db, tokenHash);
  const withinGrace = used?.used_at && Date.now() - Date.parse(used.used_at) <= REFRESH_GRACE_MS;
  const successor = withinGrace && !used.revoked_at && used.successor_cipher ? openSuccessor(refreshToken, used.successor_cipher) : null;
  if (successor) return successor;
  await repo.revokeSession(ctx.db, row.session_id, nowIso());
  throw new AppError(401, MSG.invalidRefreshToken);
}

/** Only a holder of the old token can derive the key: the stored cipher is useless to someone reading the database. */
function successorKey(refreshToken: string): Buffer {
  return createHash('sha256').update('refresh-successor\0').update(refreshToken).digest();
}

function sealSuccessor(refreshToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function openSuccessor(refreshToken: string, sealed: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', successorKey(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const pair = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as TokenPair;
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string' ? pair : null;
  } catch {
    return null;
  }
}

export async function logout(ctx: AppContext, admin: Admin): Promise<void> {
  await repo.revokeSession(ctx.db, admin.sessionId, nowIso());
  // This instance's hub closes the session's connections now; other instances at their next re-check.
  for (const listener of sessionEndedListeners.get(ctx) ?? []) listener(admin.id, admin.sessionId);
}

export type SessionEndedListener = (userId: string, sessionId: string) => void;
const sessionEndedListeners = new WeakMap<AppContext, Set<SessionEndedListener>>();

/** Told after one session ended (signed out); answers the unsubscribe. */
export function onSessionEnded(ctx: AppContext, listener: SessionEndedListener): () => void {
  let set = sessionEndedListeners.get(ctx);
  if (!set) sessionEndedListeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Ends every session of a user (but `exceptSessionId`) inside the caller's transaction: their refresh tokens stop
 * working at once and every access token they hold is refused on its next request. Once the transaction commits,
 * call announceSessionsEnded so this instance's hub drops their live connections now; the hub of every other
 * instance drops them at its next session re-check.
 */
export async function revokeAllSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await repo.revokeUserSessions(db, userId, nowIso(), exceptSessionId);
}

export type SessionsEndedListener = (userId: string, exceptSessionId?: string) => void;
const sessionsEndedListeners = new WeakMap<AppContext, Set<SessionsEndedListener>>();

/** Told after a user's sessions ended (deleted, demoted, password changed or reset); answers the unsubscribe. */
export function onSessionsEnded(ctx: AppContext, listener: SessionsEndedListener): () => void {
  let set = sessionsEndedListeners.get(ctx);
  if (!set) sessionsEndedListeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function announceSessionsEnded(ctx: AppContext, userId: string, exceptSessionId?: string): void {
  for (const listener of sessionsEndedListeners.get(ctx) ?? []) listener(userId, exceptSessionId);
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
export function forgotPassword(
  ctx: AppContext,
  email: string,
  requestLanguage: Language,
  log: { error: (o: object, m: string) => void },
): void {
  track(
    ctx,
    (async () => {
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
      // The recipient's own language when they chose one in the dashboard, else the language they asked in.
      const language = await languageOf(ctx, user.id, requestLanguage);
      await ctx.mailer.send({
        to: user.email,
        subject: textOf(MSG.resetMailSubject, language),
        text: textOf(MSG.resetMailBody(link), language),
      });
    })().catch((err) => log.error({ err }, 'password reset mail failed')),
  );
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

/**
 * Completes a reset: the link works once, within 30 minutes; every session and pending two-factor challenge of the
 * user ends. Answers the account's
 * email: completing an emailed link proves ownership, so the route trusts this browser for sign-in (0604).
 */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<string | undefined> {
  const now = nowIso();
  const reset = await repo.findPasswordReset(ctx.db, hashToken(body.token));
  if (!reset || reset.used_at || reset.expires_at <= now) throw AppError.field('token', MSG.resetLinkInvalid);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimPasswordReset(trx, reset.id, now))) throw AppError.field('token', MSG.resetLinkInvalid);
    await repo.updatePasswordHash(trx, reset.user_id, passwordHash, now, true);
    await repo.revokeUserSessions(trx, reset.user_id, now);
    await endChallenges(trx, reset.user_id);
  });
  announceSessionsEnded(ctx, reset.user_id);
  return (await repo.findUserById(ctx.db, reset.user_id))?.email;
}

/** Registers a user; staff unless `role` says owner. */
export async function register(ctx: AppContext, body: Omit<RegisterBody, 'role'> & { role?: RegisterBody['role'] }): Promise<UserDto> {
  const now = nowIso();
  const user = {
    id: randomUUID(),
    email: body.email,
    password_hash: await hashPassword(body.password),
    email_confirmed: 0,
    role: body.role ?? 'staff',
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insertUser(ctx.db, user);
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(MSG.emailTaken, { email: [MSG.emailTaken] });
    throw err;
  }
  return { id: user.id, email: user.email, emailConfirmed: false, role: user.role, twoFactorEnabled: false };
}

/**
 * Checks the old password; the other sessions of this user end, this one stays signed in.
 * Wrong old passwords count against the login throttle: a stolen access token must not become a free password oracle.
 */
export async function changePassword(ctx: AppContext, admin: Admin, body: ChangePasswordBody, ip: string): Promise<void> {
  const attempt: Attempt = { email: admin.email, ip };
  await refuseIfThrottled(ctx, attempt);
  const user = await repo.findUserById(ctx.db, admin.id);
  if (!user || !(await verifyPassword(user.password_hash, body.oldPassword))) {
    await ctx.throttle.recordFailure(attempt);
    await refuseIfThrottled(ctx, attempt);
    throw AppError.field('oldPassword', MSG.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, admin.id, passwordHash, now);
    await repo.revokeUserSessions(trx, admin.id, now, admin.sessionId);
    await endChallenges(trx, admin.id);
  });
  announceSessionsEnded(ctx, admin.id, admin.sessionId);
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
  // The first admin owns the shop.
  await repo.insertUser(ctx.db, {
    id: randomUUID(),
    email,
    password_hash: await hashPassword(password),
    email_confirmed: 1,
    role: 'owner',
    created_at: now,
    updated_at: now,
  });
  return { email, generatedPassword };
}
