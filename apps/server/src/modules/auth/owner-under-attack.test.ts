// The owner's way in while a distributed attack holds the account shut (docs/decisions/0065), through the real API:
// 150 addresses guess the password once each (or, knowing it, guess two-factor codes), then the owner signs in from
// their trusted browser, from a new browser at the shop's known address, and from a new browser anywhere by the
// password-reset mail; the attacker, meanwhile, is still refused. On the memory store, and on Redis (the store
// shared by every instance) when TEST_REDIS_URL is set. A real SMTP peer carries the reset mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pino from 'pino';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { MSG, textOf } from '@topup/contract/messages';
import { TWO_FACTOR_MSG, type RecoveryCodesDto, type TwoFactorChallenge, type TwoFactorSetupDto } from '@topup/contract/two-factor';
import { body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { RULES, THROTTLE_WINDOW_MS, createLoginThrottle } from './login-throttle.ts';
import { createMemoryThrottleStore, createRedisThrottleStore } from './throttle-store.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ATTACK_ADDRESSES = 150;
/** Where the owner runs the shop from: they have signed in here before. */
const SHOP = '198.51.100.10';
/** Somewhere the owner has never signed in from (a phone on the road, a borrowed laptop). */
const ELSEWHERE = '192.0.2.77';
const PUBLIC_URL = 'https://shop.example';

const attacker = (i: number) => `100.64.${i >> 8}.${i & 255}`;
const cookieFrom = (res: LightMyRequestResponse, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .find((c) => String(c).startsWith(`${name}=`))
    ?.split(';')[0];

/** Runs `send` for every address, `width` at a time (many clients at once, as an attack would). */
async function spray<T>(count: number, send: (i: number) => Promise<T>, width = 25): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => send(start + k)))));
  }
  return results;
}

const stores = [['memory', {}], ...(REDIS_URL ? [['redis', { REDIS_URL }]] : [])] as Array<[string, Record<string, string>]>;

describe.each(stores)('the owner under a distributed attack (%s throttle store)', (store, env) => {
  let t: TestApp;
  let smtp: SmtpPeer;

  const prefix = `test:owner-under-attack:${randomUUID()}:`;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await buildTestApp({ ...env, SMTP_URL: smtp.url, PUBLIC_URL });
    // The app's throttle on the same kind of store, with the clock held still: the attack's first lock lasts only
    // seconds, and a real attacker renews it by going on; here it simply doesn't run out while the owner signs in.
    const frozen = Date.now();
    const store = env.REDIS_URL
      ? createRedisThrottleStore(t.app.ctx.redis!, prefix, THROTTLE_WINDOW_MS, pino({ level: 'silent' }))
      : createMemoryThrottleStore(THROTTLE_WINDOW_MS);
    t.app.ctx.throttle = createLoginThrottle(RULES, () => frozen, store);
  });
  afterAll(async () => {
    if (env.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await t.close();
    await smtp.close();
  });

  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const secondStep = (challengeToken: string, code: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login/two-factor',
      payload: { challengeToken, code },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  async function newOwner(email: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email, password, role: 'owner' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The owner's first sign-in, at the shop: this browser is trusted and the address known from now on.
    const first = await signIn(email, password, SHOP);
    expect(first.statusCode, first.body).toBe(200);
    return { device: cookieFrom(first, 'topup_device')!, tokens: body<{ accessToken: string }>(first).payLoad };
  }

  /** Forgot-password, the mailed link, Reset-password: answers the trusted-device cookie the reset gives the browser. */
  async function resetByMail(email: string, newPassword: string, ip: string): Promise<string> {
    const before = smtp.inbox.length;
    const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Forgot-password', payload: { email }, remoteAddress: ip });
    expect(forgot.statusCode).toBe(200);
    const mail = await smtp.waitForMail(before + 1);
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9%_-]+)/.exec(mail.text)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Reset-password',
      payload: { token, newPassword, confirmPassword: newPassword },
      remoteAddress: ip,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    return cookieFrom(reset, 'topup_device')!;
  }

  function expectRefused(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(429);
    expect(body(res).code).toBe('tooManyAttempts');
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RULES.account.maxLockMs / 1000);
  }

  it('password guessing from 150 addresses: the attacker is refused, the owner gets in three ways', async () => {
    const email = `owner-a-${store}@shop.test`;
    const password = 'the-real-password-1';
    const { device } = await newOwner(email, password);

    const guesses = await spray(ATTACK_ADDRESSES, (i) => signIn(email, `guess-${i}`, attacker(i)));
    // Each is wrong once; the ones that come after the account's threshold are refused.
    expect(new Set(guesses.map((r) => r.statusCode))).toEqual(new Set([401, 429]));

    // Still throttled: a stranger is refused before the password is even looked at, right or wrong.
    expectRefused(await signIn(email, password, '203.0.113.5'));
    expectRefused(await signIn(email, 'one-more-guess', '203.0.113.6'));

    // The owner's browser, even from an address the attack used.
    expect((await signIn(email, password, attacker(0), device)).statusCode).toBe(200);
    // A new browser at the shop's own address: not held by the lock others caused.
    const atShop = await signIn(email, password, SHOP);
    expect(atShop.statusCode, atShop.body).toBe(200);
    // A new browser anywhere: refused directly, in by the reset mail; that browser is trusted from then on.
    expectRefused(await signIn(email, password, ELSEWHERE));
    const resetDevice = await resetByMail(email, 'a-new-password-2', ELSEWHERE);
    const afterReset = await signIn(email, 'a-new-password-2', ELSEWHERE, resetDevice);
    expect(afterReset.statusCode, afterReset.body).toBe(200);
    expect(body(afterReset).message).toBe(textOf(MSG.loginOk));

    // The known address is no way around guessing: it still has its own counter, and locks after five failures.
    const fromShop = [];
    for (let i = 0; i < RULES.pair.threshold; i++) fromShop.push((await signIn(email, `shop-guess-${i}`, SHOP)).statusCode);
    expect(fromShop).toEqual([401, 401, 401, 401, 429]);
  });

  it('two-factor codes guessed from 150 addresses by someone who knows the password: the owner still reaches the challenge', async () => {
    const email = `owner-b-${store}@shop.test`;
    const password = 'the-real-password-3';
    const { device, tokens } = await newOwner(email, password);
    const bearer = { authorization: `Bearer ${tokens.accessToken}` };
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/two-factor/setup', headers: bearer });
    const { secret } = body<TwoFactorSetupDto>(setup).payLoad;
    const code = await generate({ secret });
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: bearer,
      payload: { code },
      remoteAddress: SHOP,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recovery = body<RecoveryCodesDto>(enabled).payLoad.recoveryCodes;

    // The attack: the right password from each address, then a wrong code; once the account is held, no challenge.
    const stolenChallenges: string[] = [];
    const steps = await spray(ATTACK_ADDRESSES, async (i) => {
      const first = await signIn(email, password, attacker(i));
      if (first.statusCode !== 200) return first.statusCode;
      const { challengeToken } = body<TwoFactorChallenge>(first).payLoad;
      stolenChallenges.push(challengeToken);
      return (await secondStep(challengeToken, '000000', attacker(i))).statusCode;
    });
    expect(new Set(steps)).toEqual(new Set([400, 429]));
    expectRefused(await signIn(email, password, '203.0.113.7'));

    /** The challenge for the right password, then a recovery code: a full sign-in. */
    async function throughTwoSteps(pass: string, ip: string, cookie: string | undefined, recoveryCode: string) {
      const first = await signIn(email, pass, ip, cookie);
      expect(first.statusCode, first.body).toBe(200);
      const challenge = body<TwoFactorChallenge>(first).payLoad;
      expect(challenge.twoFactorRequired).toBe(true);
      const second = await secondStep(challenge.challengeToken, recoveryCode, ip, cookie);
      expect(second.statusCode, second.body).toBe(200);
      expect(body<{ accessToken: string }>(second).payLoad.accessToken).toEqual(expect.any(String));
    }
    await throughTwoSteps(password, attacker(1), device, recovery[0]!);
    await throughTwoSteps(password, SHOP, undefined, recovery[1]!);
    expectRefused(await signIn(email, password, ELSEWHERE));
    const resetDevice = await resetByMail(email, 'a-new-password-4', ELSEWHERE);
    await throughTwoSteps('a-new-password-4', ELSEWHERE, resetDevice, recovery[2]!);

    // The challenges won with the old password died with it: even the right code is no use on them now.
    const stale = await secondStep(
      stolenChallenges[0]!,
      await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      attacker(0),
    );
    expect(stale.statusCode, stale.body).toBe(400);
    expect(body(stale).errors).toEqual({ challengeToken: [textOf(TWO_FACTOR_MSG.challengeExpired)] });
  });
});
