// Where the login throttle keeps its failure counters: in memory for one instance, in Redis (REDIS_URL) so that
// every instance behind a balancer counts the same failures. A counter is forgotten after `windowMs` with no
// failure and no lock; a lock keeps growing while failures keep coming.
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type ThrottleRule = { threshold: number; baseLockMs: number; maxLockMs: number };

export interface ThrottleStore {
  /** Counts one failure under `key`; answers the failures so far and the time until which the key is locked. */
  fail(key: string, rule: ThrottleRule, now: number): Promise<{ failures: number; lockedUntil: number }>;
  /** The lock end of each key (0 when unlocked or unknown). */
  lockedUntil(keys: string[], now: number): Promise<number[]>;
  clear(key: string): Promise<void>;
  /** Remembers `key` for `forMs` from `now`, e.g. an address an account has signed in from. */
  remember(key: string, forMs: number, now: number): Promise<void>;
  /** Whether `key` is remembered at `now`. */
  remembered(key: string, now: number): Promise<boolean>;
}

/** Lock after the threshold: base × 2^(failures over it), at most the rule's ceiling. */
export function lockFor(rule: ThrottleRule, failures: number): number {
  if (failures < rule.threshold) return 0;
  return Math.min(rule.baseLockMs * 2 ** Math.min(failures - rule.threshold, 16), rule.maxLockMs);
}

type Counter = { failures: number; lastFailure: number; lockedUntil: number };

/** Past this many entries the memory store sweeps out the stale ones (and, for remembered keys, the oldest). */
const MEMORY_ENTRIES = 10_000;

export function createMemoryThrottleStore(windowMs: number): ThrottleStore {
  const counters = new Map<string, Counter>();
  const memory = new Map<string, number>();
  const isStale = (c: Counter, now: number) => now - Math.max(c.lastFailure, c.lockedUntil) > windowMs;
  // Forget stale counters now and then so memory stays bounded under a spray of addresses.
  function sweep(now: number) {
    if (counters.size < MEMORY_ENTRIES) return;
    for (const [key, c] of counters) if (isStale(c, now)) counters.delete(key);
  }
  return {
    async remember(key, forMs, now) {
      memory.delete(key);
      memory.set(key, now + forMs);
      if (memory.size <= MEMORY_ENTRIES) return;
      for (const [k, u] of memory) if (u <= now) memory.delete(k);
      // Still full: the entries remembered longest ago go first (a Map keeps insertion order).
      for (const k of memory.keys()) {
        if (memory.size <= MEMORY_ENTRIES) break;
        memory.delete(k);
      }
    },
    async remembered(key, now) {
      return (memory.get(key) ?? 0) > now;
    },
    async fail(key, rule, now) {
      sweep(now);
      let c = counters.get(key);
      if (!c || isStale(c, now)) counters.set(key, (c = { failures: 0, lastFailure: now, lockedUntil: 0 }));
      c.failures += 1;
      c.lastFailure = now;
      const lock = lockFor(rule, c.failures);
      if (lock > 0) c.lockedUntil = now + lock;
      return { failures: c.failures, lockedUntil: c.lockedUntil };
    },
    async lockedUntil(keys, now) {
      return keys.map((key) => {
        const c = counters.get(key);
        return c && !isStale(c, now) ? c.lockedUntil : 0;
      });
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}

// One round trip, atomic across instances: the same rule as the memory store, the key expiring with the window.
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
local threshold = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local max = tonumber(ARGV[4])
local window = tonumber(ARGV[5])
local c = redis.call('HMGET', KEYS[1], 'f', 'l', 'u')
local failures = tonumber(c[1]) or 0
local last = tonumber(c[2]) or 0
local locked = tonumber(c[3]) or 0
if now - math.max(last, locked) > window then failures = 0 end
failures = failures + 1
if failures >= threshold then
  locked = now + math.min(base * math.pow(2, math.min(failures - threshold, 16)), max)
end
redis.call('HSET', KEYS[1], 'f', failures, 'l', now, 'u', locked)
redis.call('PEXPIRE', KEYS[1], math.max(locked - now, 0) + window)
return {failures, locked}
`;

/**
 * Counters in Redis under `prefix`. While Redis can't be reached, counting goes on in memory (each instance for
 * itself, as without Redis) rather than either refusing every sign-in or letting guesses through unthrottled.
 */
export function createRedisThrottleStore(redis: Redis, prefix: string, windowMs: number, log: FastifyBaseLogger): ThrottleStore {
  const fallback = createMemoryThrottleStore(windowMs);
  let warned = false;
  const degrade = (err: unknown) => {
    if (!warned) log.warn({ err }, 'login throttle: Redis unavailable, counting in memory until it is back');
    warned = true;
  };
  return {
    async fail(key, rule, now) {
      try {
        const [failures, lockedUntil] = (await redis.eval(
          FAIL_SCRIPT,
          1,
          prefix + key,
          now,
          rule.threshold,
          rule.baseLockMs,
          rule.maxLockMs,
          windowMs,
        )) as [number, number];
        warned = false;
        return { failures: Number(failures), lockedUntil: Number(lockedUntil) };
      } catch (err) {
        degrade(err);
        return fallback.fail(key, rule, now);
      }
    },
    async lockedUntil(keys, now) {
      try {
        const pipeline = redis.pipeline();
        for (const key of keys) pipeline.hget(prefix + key, 'u');
        const results = (await pipeline.exec()) ?? [];
        const shared = results.map(([err, value]) => {
          if (err) throw err;
          return Number(value ?? 0);
        });
        const local = await fallback.lockedUntil(keys, now);
        return shared.map((v, i) => Math.max(v, local[i]!));
      } catch (err) {
        degrade(err);
        return fallback.lockedUntil(keys, now);
      }
    },
    async clear(key) {
      await fallback.clear(key);
      try {
        await redis.del(prefix + key);
      } catch (err) {
        degrade(err);
      }
    },
    async remember(key, forMs, now) {
      await fallback.remember(key, forMs, now);
      try {
        await redis.set(prefix + key, '1', 'PX', forMs);
      } catch (err) {
        degrade(err);
      }
    },
    async remembered(key, now) {
      try {
        return (await redis.exists(prefix + key)) === 1 || (await fallback.remembered(key, now));
      } catch (err) {
        degrade(err);
        return fallback.remembered(key, now);
      }
    },
  };
}
