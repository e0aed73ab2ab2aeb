// What every backplane (in-process, Redis, PostgreSQL) implements and shares, apart from the factory that chooses
// one (backplane.ts): the implementations import this, never the factory.
import type { FastifyBaseLogger } from 'fastify';
import type { BackplaneMessage } from '../events/order-events.ts';

export type BackplaneListener = {
  message(event: BackplaneMessage): void;
  /**
   * The backplane's connection came back after a gap: events published meanwhile may have been missed here.
   * The hub then asks its clients to reconnect, and the dashboard re-reads its lists on reconnect.
   */
  resumed?(): void;
};

export type Backplane = {
  readonly kind: 'in-process' | 'redis' | 'postgres';
  publish(event: BackplaneMessage): Promise<void>;
  /** Starts receiving; resolves once subscribed (or after `readyTimeoutMs`, still trying in the background). */
  subscribe(listener: BackplaneListener): Promise<void>;
  close(): Promise<void>;
};

export type BackplaneOptions = {
  log: FastifyBaseLogger;
  /** Instances that share a database share this; it keeps other shops (and parallel test runs) apart. */
  namespace: string;
  /** Wait at most this long at start-up for the backplane before serving anyway. */
  readyTimeoutMs?: number;
  /** Longest pause between reconnect attempts. */
  maxReconnectDelayMs?: number;
};

/** Exponential backoff from 250 ms up to `max`. */
export function reconnectDelay(attempt: number, max: number): number {
  return Math.min(max, 250 * 2 ** Math.min(attempt, 10));
}
