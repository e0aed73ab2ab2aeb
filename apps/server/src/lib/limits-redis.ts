// The Redis connection for limits shared across instances (order rate limit, login throttle). Commands fail fast
// while Redis is away (no offline queue), so a sign-in or an order never hangs on it: the callers fall back.
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Connects and waits up to `readyTimeoutMs` for Redis; later outages are logged and ridden out by the callers. */
export async function connectLimitsRedis(url: string, log: FastifyBaseLogger, readyTimeoutMs = 3000): Promise<Redis> {
  // Loaded only with REDIS_URL set (docs/decisions/0024).
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectionName: 'topup-limits',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(5000, 250 * 2 ** Math.min(attempt, 5)),
  });
  let down = false;
  client.on('error', (err) => {
    if (!down) log.warn({ err }, 'limits redis connection error; reconnecting');
    down = true;
  });
  client.on('ready', () => (down = false));
  if (client.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, readyTimeoutMs);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return client;
}
