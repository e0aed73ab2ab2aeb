// Two instances of one shop behind a balancer must give an attacker no more attempts than one instance: the order
// rate limit, the login throttle and "find my order"'s limits per address and per phone count in Redis (REDIS_URL). Needs TEST_REDIS_URL; keys carry the data set's
// own prefix (a fresh database per test file), so parallel runs on the shared Redis never meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ADMIN, buildTestApp, multipart, type TestApp } from './helpers.ts';
import { RULES } from '../src/modules/auth/login-throttle.ts';
import { FIND_LIMITS } from '../src/modules/order-tracking/order-tracking.routes.ts';
import { backplaneNamespace } from '../src/realtime/backplane.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ORDER_LIMIT = 6;

describe.runIf(REDIS_URL || process.env.CI)('limits shared across two instances (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let single: TestApp;
  beforeAll(async () => {
    if (!REDIS_URL) throw new Error('TEST_REDIS_URL must be set in CI');
    const env = { REDIS_URL, ORDER_RATE_LIMIT: String(ORDER_LIMIT) };
    a = await buildTestApp(env);
    b = await buildTestApp(env, { shareWith: a });
    single = await buildTestApp(env);
  });
  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    for (const t of [a, single]) {
      const keys = await redis.keys(`topup:limits:${await backplaneNamespace(t.app.ctx)}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
    await b?.stop();
    await a?.close();
    await single?.close();
  });

  const order = (t: TestApp, ip: string) => {
    const form = multipart({ inGameUserId: 'x' });
    return t.app.inject({ method: 'POST', url: '/api/v1/Order', headers: form.headers, payload: form.payload, remoteAddress: ip });
  };
  const login = (t: TestApp, ip: string, password = 'wrong-guess') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email: ADMIN.email, password }, remoteAddress: ip });

  const find = (t: TestApp, ip: string, mobileNumber: string, transactionNumber = '700700') =>
    t.app.inject({ method: 'POST', url: '/api/v1/OrderTracking/find', payload: { mobileNumber, transactionNumber }, remoteAddress: ip });

  /** Sends until refused (or `max`), spreading the requests over `instances`; answers how many got through. */
  async function allowedBefore429(instances: TestApp[], send: (t: TestApp) => Promise<{ statusCode: number }>, max: number) {
    for (let i = 0; i < max; i++) {
      if ((await send(instances[i % instances.length]!)).statusCode === 429) return i;
    }
    return max;
  }

  it('gives an address no more orders across both instances than against one', async () => {
    const alone = await allowedBefore429([single], (t) => order(t, '10.50.0.1'), 3 * ORDER_LIMIT);
    const spread = await allowedBefore429([a, b], (t) => order(t, '10.50.0.1'), 3 * ORDER_LIMIT);
    expect(alone).toBe(ORDER_LIMIT);
    expect(spread).toBe(ORDER_LIMIT);
  });

  it('gives a guesser no more password attempts across both instances than against one', async () => {
    const alone = await allowedBefore429([single], (t) => login(t, '10.60.0.1'), 3 * RULES.pair.threshold);
    const spread = await allowedBefore429([a, b], (t) => login(t, '10.60.0.1'), 3 * RULES.pair.threshold);
    expect(spread).toBe(alone);
    expect(spread).toBe(RULES.pair.threshold - 1);
    // The lock holds on both instances, with the same Retry-After.
    const [fromA, fromB] = [await login(a, '10.60.0.1', ADMIN.password), await login(b, '10.60.0.1', ADMIN.password)];
    expect([fromA.statusCode, fromB.statusCode]).toEqual([429, 429]);
    expect(Math.abs(Number(fromA.headers['retry-after']) - Number(fromB.headers['retry-after']))).toBeLessThanOrEqual(1);
  });

  it('gives a phone number no more "find my order" guesses across both instances than against one, from any address', async () => {
    let n = 0;
    const guess = (t: TestApp, phone: string) => find(t, `10.70.0.${++n % 250}`, phone, String(100000 + n));
    const alone = await allowedBefore429([single], (t) => guess(t, '09770000001'), 3 * FIND_LIMITS.perPhone);
    const spread = await allowedBefore429([a, b], (t) => guess(t, '09770000002'), 3 * FIND_LIMITS.perPhone);
    expect(alone).toBe(FIND_LIMITS.perPhone);
    expect(spread).toBe(FIND_LIMITS.perPhone);
    // Another spelling of the same number is the same phone, on the other instance too.
    expect((await find(b, '10.70.1.1', '+959770000002')).statusCode).toBe(429);
  });

  it('gives an address no more "find my order" requests across both instances than against one, whatever the phones', async () => {
    let n = 0;
    const phone = () => `0978${String(++n).padStart(7, '0')}`;
    const alone = await allowedBefore429([single], (t) => find(t, '10.80.0.1', phone()), 3 * FIND_LIMITS.perAddress);
    const spread = await allowedBefore429([a, b], (t) => find(t, '10.80.0.2', phone()), 3 * FIND_LIMITS.perAddress);
    expect(alone).toBe(FIND_LIMITS.perAddress);
    expect(spread).toBe(FIND_LIMITS.perAddress);
  });
});
