// Hub fan-out over Redis pub/sub (REDIS_URL): one connection publishes, a second one subscribes.
// ioredis reconnects and re-subscribes by itself; we log the outage and report the resumption to the hub.
import type { BackplaneMessage } from '../events/order-events.ts';
import { reconnectDelay, type Backplane, type BackplaneListener, type BackplaneOptions } from './backplane-contract.ts';

export async function createRedisBackplane(url: string, options: BackplaneOptions): Promise<Backplane> {
  // Loaded here, not at start: a shop without REDIS_URL never pays ioredis's memory (docs/decisions/0024).
  const { Redis } = await import('ioredis');
  const { log, namespace, readyTimeoutMs = 5000, maxReconnectDelayMs = 5000 } = options;
  const channel = `topup:hub:${namespace}`;
  let closing = false;
  const connect = (role: string) => {
    const client = new Redis(url, {
      retryStrategy: (attempt) => reconnectDelay(attempt, maxReconnectDelayMs),
      connectionName: `topup-hub-${role}`,
    });
    // Without an 'error' listener ioredis prints every failed attempt; one warning per outage is enough.
    let down = false;
    client.on('error', (err) => {
      if (!down && !closing) log.warn({ err, role }, 'redis backplane connection error; reconnecting');
      down = true;
    });
    client.on('ready', () => {
      down = false;
    });
    return client;
  };
  const pub = connect('publisher');
  const sub = connect('subscriber');
  let listener: BackplaneListener | null = null;
  let everReady = false;
  let lost = false;

  sub.on('close', () => {
    if (everReady && !closing && !lost) {
      lost = true;
      log.warn({ channel }, 'redis backplane subscription lost; reconnecting');
    }
  });
  sub.on('ready', () => {
    if (!everReady) {
      everReady = true;
      return;
    }
    if (lost && !closing) {
      lost = false;
      log.info({ channel }, 'redis backplane subscription restored');
      listener?.resumed?.();
    }
  });
  sub.on('message', (from: string, text: string) => {
    if (from !== channel || !listener) return;
    let event: BackplaneMessage;
    try {
      event = JSON.parse(text) as BackplaneMessage;
    } catch (err) {
      log.warn({ err }, 'unreadable redis backplane message ignored');
      return;
    }
    listener.message(event);
  });

  return {
    kind: 'redis',
    async publish(event) {
      await pub.publish(channel, JSON.stringify(event));
    },
    async subscribe(l) {
      listener = l;
      const subscribed = sub.subscribe(channel).then(() => true);
      subscribed.catch((err) => log.warn({ err }, 'redis backplane subscribe failed'));
      const ready = await Promise.race([subscribed.catch(() => false), delay(readyTimeoutMs, false)]);
      if (!ready) {
        // Treated like an outage: when it comes up, the hub's clients are told to catch up.
        everReady = true;
        lost = true;
        log.warn({ channel }, 'redis backplane not reachable yet; serving without fan-out until it is');
      }
    },
    async close() {
      closing = true;
      listener = null;
      sub.disconnect();
      pub.disconnect();
    },
  };
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms).unref());
}
