// Test double of the @microsoft/signalr module for component tests (used with vi.mock; never bundled): records how
// the connection was configured and lets a test push server events and drive reconnects and closes by hand.
import { vi } from 'vitest';

type Callback = (...args: unknown[]) => void;

/** How many of the coming start() calls fail (as when the server can't be reached). */
export const startFailures = { remaining: 0 };

/** An unsigned JWT expiring in `expiresInSeconds`; the client only reads its claims. */
export function fakeJwt(expiresInSeconds: number, sub = 'admin-1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, email: 'owner@shop.test', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

export type FakeOptions = {
  transport?: number;
  withCredentials?: boolean;
  timeout?: number;
  accessTokenFactory?: () => string | Promise<string>;
};

export class FakeHubConnection {
  serverTimeoutInMilliseconds = 0;
  keepAliveIntervalInMilliseconds = 0;
  readonly handlers = new Map<string, Callback[]>();
  private reconnecting: Callback[] = [];
  private reconnected: Callback[] = [];
  private closed: Callback[] = [];
  start = vi.fn(async () => {
    if (startFailures.remaining > 0) {
      startFailures.remaining--;
      throw new Error('negotiate failed');
    }
  });
  stop = vi.fn(async () => {
    for (const cb of this.closed) cb();
  });

  constructor(
    readonly url: string,
    readonly options: FakeOptions,
    readonly reconnectDelays: number[] | undefined,
  ) {}

  on(name: string, cb: Callback) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), cb]);
  }
  onreconnecting(cb: Callback) {
    this.reconnecting.push(cb);
  }
  onreconnected(cb: Callback) {
    this.reconnected.push(cb);
  }
  onclose(cb: Callback) {
    this.closed.push(cb);
  }

  /** The server invokes a client method. */
  push(name: string, ...args: unknown[]) {
    for (const cb of this.handlers.get(name) ?? []) cb(...args);
  }
  fireReconnecting() {
    for (const cb of this.reconnecting) cb(new Error('connection lost'));
  }
  fireReconnected() {
    for (const cb of this.reconnected) cb('new-connection-id');
  }
  fireClose() {
    for (const cb of this.closed) cb(new Error('closed by the server'));
  }
}

/** Every connection built since the last reset(). */
export const built: FakeHubConnection[] = [];

export function latestHub(): FakeHubConnection {
  const hub = built.at(-1);
  if (!hub) throw new Error('no hub connection was built');
  return hub;
}

export const HttpTransportType = { None: 0, WebSockets: 1, ServerSentEvents: 2, LongPolling: 4 } as const;
export const LogLevel = { Trace: 0, Debug: 1, Information: 2, Warning: 3, Error: 4, Critical: 5, None: 6 } as const;

export class HubConnectionBuilder {
  private url = '';
  private options: FakeOptions = {};
  private delays: number[] | undefined;
  withUrl(url: string, options: FakeOptions) {
    this.url = url;
    this.options = options;
    return this;
  }
  withAutomaticReconnect(delays?: number[]) {
    this.delays = delays;
    return this;
  }
  configureLogging() {
    return this;
  }
  build() {
    const hub = new FakeHubConnection(this.url, this.options, this.delays);
    built.push(hub);
    return hub;
  }
}
