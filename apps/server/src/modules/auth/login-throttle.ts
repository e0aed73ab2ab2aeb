// Slows and then refuses repeated failed sign-ins, per account and per address, without locking a real admin out for long.
//
// Three counters; each is forgotten after 15 quiet minutes (no failure and no lock in that time), so a
// lock keeps growing while an attack goes on instead of starting over every 15 minutes:
// - account+address: after 5 failures this pair waits 30 s, doubling per further failure, at most 15 min;
// - address: after 30 failures from one address (any accounts), that address waits out the window;
// - account: after 100 failures from anywhere, the account waits at most 5 min. It must be far above
//   what one address may try, so an attacker spraying from one place never locks the owner out.
// A successful sign-in clears the pair's counter. Counters live in memory; a shared store can replace it.

const WINDOW_MS = 15 * 60 * 1000;

export type ThrottleRule = { threshold: number; baseLockMs: number; maxLockMs: number };
export const RULES = {
  pair: { threshold: 5, baseLockMs: 30_000, maxLockMs: WINDOW_MS },
  address: { threshold: 30, baseLockMs: WINDOW_MS, maxLockMs: WINDOW_MS },
  account: { threshold: 100, baseLockMs: 5 * 60_000, maxLockMs: 5 * 60_000 },
} satisfies Record<string, ThrottleRule>;

type Counter = { failures: number; lastFailure: number; lockedUntil: number };

const isStale = (c: Counter, now: number) => now - Math.max(c.lastFailure, c.lockedUntil) > WINDOW_MS;

export type LoginThrottle = {
  /** Milliseconds to wait before this attempt may be made (0 = go ahead). */
  retryAfterMs(email: string, ip: string, now?: number): number;
  /** A small delay to add to a failed attempt's answer: slows guessing before the hard limit. */
  recordFailure(email: string, ip: string, now?: number): number;
  recordSuccess(email: string, ip: string): void;
};

/** `clock` is injectable so tests can let a lock pass without waiting minutes. */
export function createLoginThrottle(rules = RULES, clock: () => number = Date.now): LoginThrottle {
  const counters = new Map<string, Counter>();

  const keysOf = (email: string, ip: string) =>
    [
      [`pair:${email}|${ip}`, rules.pair],
      [`addr:${ip}`, rules.address],
      [`acct:${email}`, rules.account],
    ] as const;

  function current(key: string, now: number): Counter {
    let c = counters.get(key);
    if (!c || isStale(c, now)) {
      c = { failures: 0, lastFailure: now, lockedUntil: 0 };
      counters.set(key, c);
    }
    return c;
  }

  // Forget stale counters now and then so memory stays bounded under a spray of addresses.
  function sweep(now: number) {
    if (counters.size < 10_000) return;
    for (const [key, c] of counters) if (isStale(c, now)) counters.delete(key);
  }

  return {
    retryAfterMs(email, ip, now = clock()) {
      let wait = 0;
      for (const [key] of keysOf(email, ip)) {
        const c = counters.get(key);
        if (c && c.lockedUntil > now) wait = Math.max(wait, c.lockedUntil - now);
      }
      return wait;
    },
    recordFailure(email, ip, now = clock()) {
      sweep(now);
      let pairFailures = 0;
      for (const [key, rule] of keysOf(email, ip)) {
        const c = current(key, now);
        c.failures += 1;
        c.lastFailure = now;
        if (key.startsWith('pair:')) pairFailures = c.failures;
        if (c.failures >= rule.threshold) {
          const over = c.failures - rule.threshold;
          const lock = Math.min(rule.baseLockMs * 2 ** Math.min(over, 16), rule.maxLockMs);
          c.lockedUntil = now + lock;
        }
      }
      return Math.min(pairFailures * 200, 1000);
    },
    recordSuccess(email, ip) {
      counters.delete(`pair:${email}|${ip}`);
    },
  };
}
