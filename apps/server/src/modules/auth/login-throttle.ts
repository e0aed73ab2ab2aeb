// Slows repeated failed sign-ins without ever locking the real owner out of their own browser (docs/decisions/0604).
//
// Counters (each forgotten after 15 quiet minutes; a lock keeps growing while failures keep coming):
// - account+address: after 5 failures the pair waits 30 s, doubling per further failure, at most 15 min;
// - address (any accounts): after 30 failures it waits 5 s, doubling, at most 1 min. A carrier NAT shares one
//   address among thousands of buyers: a neighbour's attack slows them for a minute at most, never 15;
// - account (from anywhere): after 100 failures, 5 s doubling, at most 5 min, for sign-ins from unknown browsers.
// A browser trusted for the account (device cookie, see trusted-device.ts) is counted on its own account+device
// counter only: a distributed attack or a shared address never locks the owner's own browser.
// Counters live in a ThrottleStore: memory, or Redis when REDIS_URL is set, so every instance counts the same.
import { createMemoryThrottleStore, type ThrottleRule, type ThrottleStore } from './throttle-store.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export const RULES = {
  pair: { threshold: 5, baseLockMs: 30_000, maxLockMs: THROTTLE_WINDOW_MS },
  address: { threshold: 30, baseLockMs: 5_000, maxLockMs: 60_000 },
  account: { threshold: 100, baseLockMs: 5_000, maxLockMs: 5 * 60_000 },
} satisfies Record<string, ThrottleRule>;

/** Who is trying: the account, the client's address, and the id of a trusted device cookie for this account. */
export type Attempt = { email: string; ip: string; device?: string };

export type LoginThrottle = {
  /** Milliseconds to wait before this attempt may be made (0 = go ahead). */
  retryAfterMs(attempt: Attempt, now?: number): Promise<number>;
  /** Counts a failure; answers a small delay to add to its answer (slows guessing before the hard limit). */
  recordFailure(attempt: Attempt, now?: number): Promise<number>;
  recordSuccess(attempt: Attempt): Promise<void>;
};

/** `clock` is injectable so tests can let a lock pass without waiting minutes. */
export function createLoginThrottle(
  rules: typeof RULES = RULES,
  clock: () => number = Date.now,
  store: ThrottleStore = createMemoryThrottleStore(THROTTLE_WINDOW_MS),
): LoginThrottle {
  const keysOf = ({ email, ip, device }: Attempt): Array<[string, ThrottleRule]> =>
    device
      ? [[`device:${email}|${device}`, rules.pair]]
      : [
          [`pair:${email}|${ip}`, rules.pair],
          [`addr:${ip}`, rules.address],
          [`acct:${email}`, rules.account],
        ];

  return {
    async retryAfterMs(attempt, now = clock()) {
      const locks = await store.lockedUntil(keysOf(attempt).map(([key]) => key), now);
      return Math.max(0, ...locks.map((until) => until - now));
    },
    async recordFailure(attempt, now = clock()) {
      const results = await Promise.all(keysOf(attempt).map(([key, rule]) => store.fail(key, rule, now)));
      return Math.min(results[0]!.failures * 200, 1000);
    },
    async recordSuccess(attempt) {
      await store.clear(keysOf(attempt)[0]![0]);
    },
  };
}
