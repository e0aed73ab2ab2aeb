// Slows repeated failed sign-ins without ever locking the real owner out (docs/decisions/0034 and 0065).
//
// Counters (each forgotten after 15 quiet minutes; a lock keeps growing while failures keep coming):
// - account+address: after 5 failures the pair waits 30 s, doubling per further failure, at most 15 min;
// - address (any accounts): after 30 failures it waits 5 s, doubling, at most 1 min. A carrier NAT shares one
//   address among thousands of buyers: a neighbour's attack slows them for a minute at most, never 15;
// - account (from anywhere): after 100 failures, 5 s doubling, at most 5 min, for sign-ins from unknown places.
// The owner is known two ways, and neither is locked by attempts made elsewhere:
// - a browser trusted for the account (device cookie, see trusted-device.ts) is counted on its own account+device
//   counter only: a distributed attack or a shared address never locks the owner's own browser;
// - an address the account completed a sign-in from in the last 30 days is not held by the account-wide lock (its
//   own pair and address counters still apply): a new browser at the shop's usual place still gets in.
// Counters live in a ThrottleStore: memory, or Redis when REDIS_URL is set, so every instance counts the same.
import { createMemoryThrottleStore, type ThrottleRule, type ThrottleStore } from './throttle-store.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** How long an address stays known for an account after a completed sign-in from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

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
  /** Every factor checked: clears the attempt's own counter and remembers its address as known for the account. */
  recordSuccess(attempt: Attempt, now?: number): Promise<void>;
};

/** `clock` is injectable so tests can let a lock pass without waiting minutes. */
export function createLoginThrottle(
  rules: typeof RULES = RULES,
  clock: () => number = Date.now,
  store: ThrottleStore = createMemoryThrottleStore(THROTTLE_WINDOW_MS),
): LoginThrottle {
  /** Every counter an attempt's failure counts on. */
  const keysOf = ({ email, ip, device }: Attempt): Array<[string, ThrottleRule]> =>
    device
      ? [[`device:${email}|${device}`, rules.pair]]
      : [
          [`pair:${email}|${ip}`, rules.pair],
          [`addr:${ip}`, rules.address],
          [`acct:${email}`, rules.account],
        ];
  const knownKey = ({ email, ip }: Attempt) => `known:${email}|${ip}`;

  /** The counters that may hold an attempt back: from a known address, not the account-wide one. */
  async function lockingKeys(attempt: Attempt, now: number): Promise<string[]> {
    const keys = keysOf(attempt).map(([key]) => key);
    if (attempt.device || !(await store.remembered(knownKey(attempt), now))) return keys;
    return keys.filter((key) => !key.startsWith('acct:'));
  }

  return {
    async retryAfterMs(attempt, now = clock()) {
      const locks = await store.lockedUntil(await lockingKeys(attempt, now), now);
      return Math.max(0, ...locks.map((until) => until - now));
    },
    async recordFailure(attempt, now = clock()) {
      const results = await Promise.all(keysOf(attempt).map(([key, rule]) => store.fail(key, rule, now)));
      return Math.min(results[0]!.failures * 200, 1000);
    },
    async recordSuccess(attempt, now = clock()) {
      await Promise.all([store.clear(keysOf(attempt)[0]![0]), store.remember(knownKey(attempt), KNOWN_ADDRESS_MS, now)]);
    },
  };
}
