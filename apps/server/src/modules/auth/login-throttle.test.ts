// The login throttle on its own, with a hand-driven clock: when it locks, for how long, and whom it leaves alone.
// The same cases run on the in-memory store and, when TEST_REDIS_URL is set, on the Redis store (unique key prefix).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_ADDRESS_MS, RULES, THROTTLE_WINDOW_MS, createLoginThrottle, type Attempt, type LoginThrottle } from './login-throttle.ts';
import { createMemoryThrottleStore, createRedisThrottleStore, type ThrottleStore } from './throttle-store.ts';

const MIN = 60_000;
const REDIS_URL = process.env.TEST_REDIS_URL;
const redis = REDIS_URL ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
const prefixes: string[] = [];
afterAll(async () => {
  if (!redis) return;
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

const stores: Array<[string, () => ThrottleStore]> = [['memory', () => createMemoryThrottleStore(THROTTLE_WINDOW_MS)]];
if (redis) {
  stores.push([
    'redis',
    () => {
      const prefix = `test:throttle:${randomUUID()}:`;
      prefixes.push(prefix);
      return createRedisThrottleStore(redis, prefix, THROTTLE_WINDOW_MS, pino({ level: 'silent' }));
    },
  ]);
}

const at = (email: string, ip: string, device?: string): Attempt => ({ email, ip, device });

describe.each(stores)('login throttle (%s store)', (storeName, makeStore) => {
  function setup() {
    let now = 1_000_000;
    const throttle = createLoginThrottle(RULES, () => now, makeStore());
    return { throttle, advance: (ms: number) => (now += ms) };
  }
  async function fail(throttle: LoginThrottle, attempt: Attempt, times: number) {
    for (let i = 0; i < times; i++) await throttle.recordFailure(attempt);
  }

  it('lets the first failures through, with a growing small delay, then locks the account+address pair for 30 s', async () => {
    const { throttle } = setup();
    const a = at('a@x', '1.1.1.1');
    const delays = [];
    for (let i = 0; i < 4; i++) delays.push(await throttle.recordFailure(a));
    expect(delays).toEqual([200, 400, 600, 800]);
    expect(await throttle.retryAfterMs(a)).toBe(0);
    expect(await throttle.recordFailure(a)).toBe(1000);
    expect(await throttle.retryAfterMs(a)).toBe(RULES.pair.baseLockMs);
  });

  it('leaves the same account from another address, and other accounts from the same address, alone', async () => {
    const { throttle } = setup();
    await fail(throttle, at('a@x', '1.1.1.1'), 5);
    expect(await throttle.retryAfterMs(at('a@x', '1.1.1.1'))).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs(at('a@x', '2.2.2.2'))).toBe(0);
    expect(await throttle.retryAfterMs(at('b@x', '1.1.1.1'))).toBe(0);
  });

  it('lets the lock pass, then doubles it per further failure up to 15 minutes', async () => {
    const { throttle, advance } = setup();
    const a = at('a@x', '1.1.1.1');
    await fail(throttle, a, 5);
    advance(29_999);
    expect(await throttle.retryAfterMs(a)).toBe(1);
    advance(1);
    expect(await throttle.retryAfterMs(a)).toBe(0);
    await throttle.recordFailure(a);
    expect(await throttle.retryAfterMs(a)).toBe(60_000);
    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      advance(await throttle.retryAfterMs(a));
      await throttle.recordFailure(a);
      locks.push(await throttle.retryAfterMs(a));
    }
    expect(locks).toEqual([2 * MIN, 4 * MIN, 8 * MIN, 15 * MIN, 15 * MIN, 15 * MIN]);
  });

  it('forgets failures after 15 quiet minutes, and clears the pair on success', async () => {
    const { throttle, advance } = setup();
    const a = at('a@x', '1.1.1.1');
    await fail(throttle, a, 4);
    advance(15 * MIN + 1);
    await fail(throttle, a, 4);
    expect(await throttle.retryAfterMs(a)).toBe(0);
    await throttle.recordSuccess(a);
    await fail(throttle, a, 4);
    expect(await throttle.retryAfterMs(a)).toBe(0);
  });

  it('slows an address that sprays many accounts for at most a minute, not 15 (carrier NAT)', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < RULES.address.threshold; i++) await throttle.recordFailure(at(`user${i}@x`, '6.6.6.6'));
    expect(await throttle.retryAfterMs(at('someone-new@x', '6.6.6.6'))).toBe(5_000);
    expect(await throttle.retryAfterMs(at('someone-new@x', '7.7.7.7'))).toBe(0);
    // The attack goes on: the wait grows, but never past the ceiling.
    for (let i = 0; i < 20; i++) {
      advance(await throttle.retryAfterMs(at('x@x', '6.6.6.6')));
      await throttle.recordFailure(at(`more${i}@x`, '6.6.6.6'));
    }
    expect(await throttle.retryAfterMs(at('someone-new@x', '6.6.6.6'))).toBe(RULES.address.maxLockMs);
  });

  it('never locks the owner’s trusted browser, whatever a distributed attack does to the account', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 300; i++) await throttle.recordFailure(at('admin@x', `10.0.${Math.floor(i / 4)}.${i % 4}`));
    // Unknown browsers wait (at most 5 minutes at a time) ...
    const wait = await throttle.retryAfterMs(at('admin@x', '192.168.1.1'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RULES.account.maxLockMs);
    // ... the owner's browser, from any address, including one the attack used, goes straight in.
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.1.1', 'owner-device'))).toBe(0);
    expect(await throttle.retryAfterMs(at('admin@x', '10.0.0.0', 'owner-device'))).toBe(0);
  });

  it('lets a new browser in from an address the account signed in from, past the lock a distributed attack caused', async () => {
    const { throttle } = setup();
    await throttle.recordSuccess(at('admin@x', '192.168.7.7', 'laptop'));
    for (let i = 0; i < 150; i++) await throttle.recordFailure(at('admin@x', `10.1.${Math.floor(i / 4)}.${i % 4}`));
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.7.8'))).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.7.7'))).toBe(0);
    // Guessing from the known address is still counted there, and its own counter still locks it.
    await fail(throttle, at('admin@x', '192.168.7.7'), RULES.pair.threshold);
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.7.7'))).toBe(RULES.pair.baseLockMs);
  });

  it('knows an address for one account only, and forgets it after 30 days', async () => {
    const { throttle, advance } = setup();
    await throttle.recordSuccess(at('admin@x', '192.168.7.7'));
    for (const email of ['admin@x', 'other@x']) {
      for (let i = 0; i < RULES.account.threshold; i++) await throttle.recordFailure(at(email, `10.3.${Math.floor(i / 4)}.${i % 4}`));
    }
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.7.7'))).toBe(0);
    expect(await throttle.retryAfterMs(at('other@x', '192.168.7.7'))).toBeGreaterThan(0);
    // Redis forgets by its own clock (PX), which the test can't move; the memory store shows the rule.
    if (storeName === 'redis') return;
    advance(KNOWN_ADDRESS_MS);
    for (let i = 0; i < RULES.account.threshold; i++) await throttle.recordFailure(at('admin@x', `10.4.${Math.floor(i / 4)}.${i % 4}`));
    expect(await throttle.retryAfterMs(at('admin@x', '192.168.7.7'))).toBeGreaterThan(0);
  });

  it('still throttles a trusted device that guesses wrong', async () => {
    const { throttle } = setup();
    await fail(throttle, at('admin@x', '1.1.1.1', 'dev'), 5);
    expect(await throttle.retryAfterMs(at('admin@x', '2.2.2.2', 'dev'))).toBe(RULES.pair.baseLockMs);
  });
});
