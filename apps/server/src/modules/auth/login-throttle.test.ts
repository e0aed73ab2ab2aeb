// The login throttle on its own, with a hand-driven clock: when it locks, for how long, and whom it leaves alone.
import { describe, expect, it } from 'vitest';
import { RULES, createLoginThrottle } from './login-throttle.ts';

const MIN = 60_000;

function setup() {
  let now = 1_000_000;
  const throttle = createLoginThrottle(RULES, () => now);
  return { throttle, advance: (ms: number) => (now += ms), now: () => now };
}

function fail(throttle: ReturnType<typeof createLoginThrottle>, email: string, ip: string, times: number) {
  for (let i = 0; i < times; i++) throttle.recordFailure(email, ip);
}

describe('login throttle', () => {
  it('lets the first failures through, with a growing small delay, then locks the account+address pair for 30 s', () => {
    const { throttle } = setup();
    const delays = [1, 2, 3, 4].map(() => throttle.recordFailure('a@x', '1.1.1.1'));
    expect(delays).toEqual([200, 400, 600, 800]);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(0);
    expect(throttle.recordFailure('a@x', '1.1.1.1')).toBe(1000);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(RULES.pair.baseLockMs);
  });

  it('leaves the same account from another address, and other accounts from the same address, alone', () => {
    const { throttle } = setup();
    fail(throttle, 'a@x', '1.1.1.1', 5);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('a@x', '2.2.2.2')).toBe(0);
    expect(throttle.retryAfterMs('b@x', '1.1.1.1')).toBe(0);
  });

  it('lets the lock pass, then doubles it per further failure up to 15 minutes', () => {
    const { throttle, advance } = setup();
    fail(throttle, 'a@x', '1.1.1.1', 5);
    advance(29_999);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(1);
    advance(1);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(0);
    throttle.recordFailure('a@x', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(60_000);
    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      advance(throttle.retryAfterMs('a@x', '1.1.1.1'));
      throttle.recordFailure('a@x', '1.1.1.1');
      locks.push(throttle.retryAfterMs('a@x', '1.1.1.1'));
    }
    expect(locks).toEqual([2 * MIN, 4 * MIN, 8 * MIN, 15 * MIN, 15 * MIN, 15 * MIN]);
  });

  it('forgets failures after 15 quiet minutes, but not while failures keep coming', () => {
    const { throttle, advance } = setup();
    fail(throttle, 'a@x', '1.1.1.1', 4);
    advance(15 * MIN + 1);
    fail(throttle, 'a@x', '1.1.1.1', 4);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(0);

    const slow = setup();
    for (let i = 0; i < 5; i++) {
      slow.throttle.recordFailure('a@x', '1.1.1.1');
      slow.advance(10 * MIN);
    }
    expect(slow.throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(0);
    slow.throttle.recordFailure('a@x', '1.1.1.1');
    expect(slow.throttle.retryAfterMs('a@x', '1.1.1.1')).toBeGreaterThan(0);
  });

  it('clears the pair on success', () => {
    const { throttle } = setup();
    fail(throttle, 'a@x', '1.1.1.1', 4);
    throttle.recordSuccess('a@x', '1.1.1.1');
    fail(throttle, 'a@x', '1.1.1.1', 4);
    expect(throttle.retryAfterMs('a@x', '1.1.1.1')).toBe(0);
  });

  it('locks an address that sprays many accounts for the window', () => {
    const { throttle } = setup();
    for (let i = 0; i < RULES.address.threshold; i++) throttle.recordFailure(`user${i}@x`, '6.6.6.6');
    expect(throttle.retryAfterMs('someone-new@x', '6.6.6.6')).toBe(15 * MIN);
    expect(throttle.retryAfterMs('someone-new@x', '7.7.7.7')).toBe(0);
  });

  it('locks an account attacked from many addresses only briefly', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < RULES.account.threshold; i++) throttle.recordFailure('admin@x', `10.0.${Math.floor(i / 4)}.${i % 4}`);
    expect(throttle.retryAfterMs('admin@x', '192.168.1.1')).toBe(5 * MIN);
    advance(5 * MIN);
    expect(throttle.retryAfterMs('admin@x', '192.168.1.1')).toBe(0);
  });
});
