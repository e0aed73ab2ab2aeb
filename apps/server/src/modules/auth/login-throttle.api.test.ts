// The login throttle through the API: repeated failures for one account from one address end in 429 with
// Retry-After, the real owner can still sign in from elsewhere, and the right password works once the lock passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { ADMIN, body, buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { RULES, createLoginThrottle } from './login-throttle.ts';

let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  t = await buildTestApp();
  // The same throttle with a clock the test moves, so a 30-second lock passes without waiting.
  t.app.ctx.throttle = createLoginThrottle(RULES, () => now);
});
afterAll(() => t.close());

const attempt = (password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email: ADMIN.email, password }, remoteAddress: ip });

describe('login throttle', () => {
  it('refuses with 429 and Retry-After, leaves other addresses alone, and lets the owner in after the lock', async () => {
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < RULES.pair.threshold; i++) statuses.push((await attempt(`guess-${i}`, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);

    // Locked: even the right password is refused from this address, before it is checked.
    const locked = await attempt(ADMIN.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(body(locked)).toEqual({
      statusCode: 429,
      message: textOf(MSG.tooManyAttempts(30)),
      code: 'tooManyAttempts',
      payLoad: null,
      payLoadList: null,
    });
    expect(Number(locked.headers['retry-after'])).toBe(RULES.pair.baseLockMs / 1000);

    // The real admin somewhere else is not locked out.
    const owner = await attempt(ADMIN.password, '198.51.100.20');
    expect(owner.statusCode).toBe(200);
    expect(body<{ accessToken: string }>(owner).payLoad.accessToken).toEqual(expect.any(String));

    now += 10_000;
    const stillLocked = await attempt(ADMIN.password, attacker);
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(20);

    now += 20_000;
    const afterLock = await attempt(ADMIN.password, attacker);
    expect(afterLock.statusCode).toBe(200);
  });

  it('locks longer after the lock when guessing goes on', async () => {
    const attacker = '203.0.113.8';
    for (let i = 0; i < RULES.pair.threshold; i++) await attempt(`guess-${i}`, attacker);
    now += RULES.pair.baseLockMs;
    const again = await attempt('one-more-guess', attacker);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe((2 * RULES.pair.baseLockMs) / 1000);
  });
});

describe('trusted browser', () => {
  it('lets the owner’s browser in during a distributed attack that holds the account shut for unknown browsers', async () => {
    const first = await attempt(ADMIN.password, '198.51.100.30');
    expect(first.statusCode).toBe(200);
    const deviceCookie = [first.headers['set-cookie']].flat().find((c) => String(c).startsWith('topup_device='))!;
    expect(deviceCookie).toMatch(/HttpOnly; SameSite=Strict/);
    const cookie = deviceCookie.split(';')[0]!;

    // 150 failures from 150 addresses (counted straight into the throttle; the API path is the same).
    for (let i = 0; i < 150; i++) await t.app.ctx.throttle.recordFailure({ email: ADMIN.email, ip: `100.64.${i >> 8}.${i & 255}` });
    const stranger = await attempt(ADMIN.password, '198.51.100.31');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(RULES.account.maxLockMs / 1000);

    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/Login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '100.64.0.1', // even from an address the attack used
      headers: { cookie },
    });
    expect(owner.statusCode).toBe(200);

    // A cookie for another account, or a forged one, earns nothing.
    const forged = cookie.replace(/\.[^.]+$/, '.AAAA');
    for (const c of [forged, 'topup_device=abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/Login',
        payload: { email: ADMIN.email, password: ADMIN.password },
        remoteAddress: '198.51.100.32',
        headers: { cookie: c },
      });
      expect(res.statusCode).toBe(429);
    }
  });
});
