// The hub's live connections: negotiation, the WebSocket and long-polling transports, the handshake,
// keep-alive pings, the server-side timeout, token expiry, and broadcasting server → client invocations.
// Transport-agnostic on purpose: plugin.ts owns HTTP and upgrades; this file owns state and timing.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import { HUB, type Language } from '@topup/contract/limits';
import {
  HANDSHAKE_OK_RECORD,
  MessageType,
  PING_RECORD,
  checkHandshake,
  closeRecord,
  completionErrorRecord,
  parseMessage,
  splitRecords,
  toRecord,
} from './protocol.ts';

export type HubTimings = {
  /** Ping every connection this often (the client times out after 30 s of silence). */
  keepAliveMs: number;
  /** Close a connection the client has been silent on for this long (the client pings every 15 s). */
  serverTimeoutMs: number;
  /** Hold an empty long poll this long, then answer 200 with no body (below the client's 100 s timeout). */
  longPollMs: number;
  /** A new transport must complete the handshake within this time. */
  handshakeTimeoutMs: number;
  /** Re-check every connection's session against the database this often (logout, revoked sessions). */
  authRecheckMs: number;
};

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: HUB.keepAliveMs,
  serverTimeoutMs: HUB.serverTimeoutMs,
  longPollMs: 90_000,
  handshakeTimeoutMs: 15_000,
  authRecheckMs: 60_000,
};

/** Who a connection belongs to, and until when its access token is good. */
export type HubOwner = { adminId: string; sessionId: string; token: string; expiresAt: number; language: Language };

export type HubCall = { target: string; args: unknown[] };

export type HubDeps = {
  log: FastifyBaseLogger;
  timings: HubTimings;
  /** Re-validates a token (signature, expiry, live session); null when it no longer authorises. */
  authorize(token: string): Promise<HubOwner | null>;
  /** Whether a connected owner's session is still live (null: it ended); without it, its token is authorised again. */
  recheck?(owner: HubOwner): Promise<HubOwner | null>;
};

export type PollResult = { status: 200 | 204; body: string };

/** Text sent to many connections: encoded to bytes once, not once per socket. */
class Payload {
  private bytes?: Buffer;
  constructor(readonly text: string) {}
  get buffer(): Buffer {
    return (this.bytes ??= Buffer.from(this.text, 'utf8'));
  }
}

/** Unterminated input beyond this is not a SignalR client. */
const MAX_BUFFERED_INPUT = 64 * 1024;
/** A socket that can't drain this much is too slow to keep: drop it, the client reconnects and re-reads. */
const MAX_SOCKET_BACKLOG = 4 * 1024 * 1024;

export const CLOSE_REASONS = {
  timeout: 'Server timeout elapsed without receiving a message from the client.',
  expired: 'Unauthorized: the sign-in session has expired.',
  revoked: 'Unauthorized: the session has ended.',
  shutdown: 'Server is shutting down.',
  invalid: 'Invalid message received.',
  resync: 'Realtime fan-out was interrupted; reconnect to catch up.',
} as const;

export class HubConnection {
  readonly connectionId = randomUUID();
  /** Secret: the `id` of every later request. */
  readonly connectionToken = randomBytes(24).toString('base64url');
  transport: 'none' | 'ws' | 'lp' = 'none';
  handshaken = false;
  closed = false;
  lastSeen = Date.now();
  /** When the transport attached (handshake deadline), or when a closed long-poll connection may be forgotten. */
  markedAt = Date.now();
  private input = '';
  private socket?: WebSocket;
  private queue: string[] = [];
  private pendingPoll: ((result: PollResult) => void) | null = null;
  private polledOnce = false;
  private flushScheduled = false;

  constructor(
    private readonly hub: Hub,
    public owner: HubOwner,
  ) {}

  /** Claims the connection for a WebSocket while the upgrade completes, so a second upgrade gets 409. */
  reserveSocket(): void {
    this.transport = 'ws';
    this.markedAt = Date.now();
  }

  attachSocket(socket: WebSocket): void {
    this.transport = 'ws';
    this.socket = socket;
    if (this.closed) {
      socket.terminate();
      return;
    }
    this.lastSeen = this.markedAt = Date.now();
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.close(CLOSE_REASONS.invalid, false);
      this.receive(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8'));
    });
    socket.on('close', () => this.close(undefined, false, false));
    socket.on('error', (err) => this.hub.log.debug({ err, connectionId: this.connectionId }, 'hub socket error'));
  }

  /** A long-poll GET. The first answers at once (the client learns the connection exists); later ones wait for data. */
  poll(onAbort: (cancel: () => void) => void): Promise<PollResult> {
    this.lastSeen = Date.now();
    if (this.transport === 'none') {
      this.transport = 'lp';
      this.markedAt = Date.now();
    }
    if (this.pendingPoll) this.answerPoll({ status: 204, body: '' });
    if (this.queue.length) return Promise.resolve({ status: 200, body: this.drain() });
    if (this.closed) return Promise.resolve({ status: 204, body: '' });
    if (!this.polledOnce) {
      this.polledOnce = true;
      return Promise.resolve({ status: 200, body: '' });
    }
    return new Promise<PollResult>((resolve) => {
      const timer = setTimeout(() => this.answerPoll({ status: 200, body: '' }), this.hub.timings.longPollMs);
      const settle = (result: PollResult) => {
        clearTimeout(timer);
        this.lastSeen = Date.now();
        resolve(result);
      };
      this.pendingPoll = settle;
      onAbort(() => {
        if (this.pendingPoll === settle) {
          this.pendingPoll = null;
          settle({ status: 204, body: '' });
        }
      });
    });
  }

  /** Text from the client (a WebSocket frame or a long-poll POST body). */
  receive(text: string): void {
    if (this.closed) return;
    this.lastSeen = Date.now();
    if (this.transport === 'none') {
      this.transport = 'lp';
      this.markedAt = Date.now();
    }
    this.input += text;
    if (this.input.length > MAX_BUFFERED_INPUT) return this.close(CLOSE_REASONS.invalid, false);
    const { records, rest } = splitRecords(this.input);
    this.input = rest;
    for (const record of records) {
      if (this.closed) return;
      this.handle(record);
    }
  }

  private handle(record: string): void {
    if (!this.handshaken) {
      const result = checkHandshake(record);
      if (!result.ok) {
        // A failed handshake is answered with its error and the transport closed; no Close message.
        this.write(toRecord({ error: result.error }));
        return this.close(undefined, false, false);
      }
      this.handshaken = true;
      this.write(HANDSHAKE_OK_RECORD);
      return;
    }
    const message = parseMessage(record);
    if (!message) return this.close(CLOSE_REASONS.invalid, false);
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // This hub exposes no methods to clients. A caller waiting for a result gets an error instead of hanging.
        if (typeof message.invocationId === 'string') {
          const target = typeof message.target === 'string' ? message.target : '';
          this.write(completionErrorRecord(message.invocationId, `Unknown hub method '${target.slice(0, 100)}'.`));
        }
        return;
      case MessageType.Close:
        return this.close(undefined, false, false);
      default:
        // Ping (already counted as activity), cancel, stream items, acks: nothing to do.
        return;
    }
  }

  /** Sends after the handshake only; broadcasts and pings go through here. */
  send(payload: Payload): void {
    if (this.closed || !this.handshaken) return;
    this.write(payload.text, payload);
  }

  private write(text: string, payload?: Payload): void {
    if (this.transport === 'ws') {
      const socket = this.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > MAX_SOCKET_BACKLOG) {
        this.hub.log.warn({ connectionId: this.connectionId }, 'hub client too slow; dropping its connection');
        socket.terminate();
        return;
      }
      socket.send(payload ? payload.buffer : text, { binary: false });
      return;
    }
    this.queue.push(text);
    if (!this.flushScheduled) {
      // Records written in the same tick (an order and its notification) leave in one poll answer.
      this.flushScheduled = true;
      queueMicrotask(() => {
        this.flushScheduled = false;
        if (this.pendingPoll && this.queue.length) this.answerPoll({ status: 200, body: this.drain() });
      });
    }
  }

  private drain(): string {
    const body = this.queue.join('');
    this.queue = [];
    return body;
  }

  private answerPoll(result: PollResult): void {
    const settle = this.pendingPoll;
    this.pendingPoll = null;
    settle?.(result);
  }

  get hasPendingPoll(): boolean {
    return this.pendingPoll !== null;
  }

  /**
   * Ends the connection. With `notify`, a handshaken client first gets a Close message carrying `error`
   * and `allowReconnect` (true makes the official client reconnect, which refreshes its token and its lists).
   */
  close(error: string | undefined, allowReconnect: boolean, notify = true): void {
    if (this.closed) return;
    this.closed = true;
    this.markedAt = Date.now();
    if (notify && this.handshaken) this.write(closeRecord(error, allowReconnect));
    if (this.transport === 'ws') {
      const socket = this.socket;
      if (socket?.readyState === WebSocket.OPEN) socket.close(1000);
      // A peer that never answers the closing handshake is cut off.
      if (socket) setTimeout(() => socket.terminate(), 2000).unref();
      this.hub.forget(this);
    } else if (this.transport === 'lp') {
      // The Close message (if any) waits for the next poll; after it, polls get 204. The sweep forgets it later.
      if (this.pendingPoll) this.answerPoll(this.queue.length ? { status: 200, body: this.drain() } : { status: 204, body: '' });
    } else {
      this.hub.forget(this);
    }
    if (error) this.hub.log.info({ connectionId: this.connectionId, reason: error }, 'hub connection closed');
  }

  /** Resolves once a WebSocket has fully closed (or at once for other transports). */
  closedSocket(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => socket.once('close', () => resolve()));
  }
}

export class Hub {
  readonly log: FastifyBaseLogger;
  readonly timings: HubTimings;
  private readonly connections = new Map<string, HubConnection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private rechecking = false;
  closing = false;
  /** Which backplane fans events out (for logs and tests). */
  backplaneKind = 'in-process';

  constructor(private readonly deps: HubDeps) {
    this.log = deps.log;
    this.timings = deps.timings;
    const { keepAliveMs, serverTimeoutMs, authRecheckMs } = deps.timings;
    this.timers.push(
      setInterval(() => this.ping(), keepAliveMs),
      setInterval(() => this.sweep(), Math.max(50, Math.min(1000, Math.floor(serverTimeoutMs / 4)))),
      setInterval(() => void this.recheckSessions(), authRecheckMs),
    );
    for (const t of this.timers) t.unref();
  }

  get size(): number {
    let n = 0;
    for (const c of this.connections.values()) if (!c.closed && c.handshaken) n++;
    return n;
  }

  negotiate(owner: HubOwner): HubConnection {
    const connection = new HubConnection(this, owner);
    this.connections.set(connection.connectionToken, connection);
    return connection;
  }

  get(connectionToken: string): HubConnection | undefined {
    return this.connections.get(connectionToken);
  }

  forget(connection: HubConnection): void {
    if (this.connections.get(connection.connectionToken) === connection) this.connections.delete(connection.connectionToken);
  }

  /** Invokes `target(...args)` on every connected client; the JSON is built once for all of them. */
  broadcast(calls: HubCall[]): number {
    return this.broadcastByLanguage(() => calls);
  }

  /** Sends each connection the calls rendered in its owner's language (each language's records are built once). */
  broadcastByLanguage(render: (language: Language) => HubCall[]): number {
    const payloads = new Map<Language, Payload>();
    const payloadFor = (language: Language) => {
      let payload = payloads.get(language);
      if (!payload) {
        payload = new Payload(
          render(language)
            .map((c) => toRecord({ type: MessageType.Invocation, target: c.target, arguments: c.args }))
            .join(''),
        );
        payloads.set(language, payload);
      }
      return payload;
    };
    let sent = 0;
    for (const connection of this.connections.values()) {
      if (connection.closed || !connection.handshaken) continue;
      connection.send(payloadFor(connection.owner.language));
      sent++;
    }
    return sent;
  }

  /** A staff member chose another language: their open connections get the next notices in it. */
  setLanguage(adminId: string, language: Language): void {
    for (const connection of this.connections.values()) {
      if (connection.owner.adminId === adminId) connection.owner = { ...connection.owner, language };
    }
  }

  /**
   * A user's sessions ended (all but `exceptSessionId`): their connections close as a revoked session's do. The
   * client reconnects, its token is refused, its refresh fails, and it signs out.
   */
  /** One session signed out: its connections close. */
  endSession(sessionId: string): void {
    for (const connection of this.connections.values()) {
      if (connection.owner.sessionId === sessionId) connection.close(CLOSE_REASONS.revoked, true);
    }
  }

  endSessionsOf(adminId: string, exceptSessionId?: string): void {
    for (const connection of [...this.connections.values()]) {
      if (connection.owner.adminId === adminId && connection.owner.sessionId !== exceptSessionId)
        connection.close(CLOSE_REASONS.revoked, true);
    }
  }

  /** Closes every connection with a Close message; `allowReconnect` lets clients come back (here or elsewhere). */
  closeAll(error: string, allowReconnect: boolean): void {
    for (const connection of [...this.connections.values()]) connection.close(error, allowReconnect);
  }

  /** Graceful stop: refuse new connections, tell clients to reconnect elsewhere, wait briefly for sockets to close. */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    const all = [...this.connections.values()];
    this.closeAll(CLOSE_REASONS.shutdown, true);
    this.connections.clear();
    await Promise.race([Promise.all(all.map((c) => c.closedSocket())), new Promise((r) => setTimeout(r, 2500).unref())]);
  }

  private ping(): void {
    const payload = new Payload(PING_RECORD);
    for (const connection of this.connections.values()) connection.send(payload);
  }

  private sweep(): void {
    const now = Date.now();
    const { serverTimeoutMs, handshakeTimeoutMs } = this.timings;
    for (const c of [...this.connections.values()]) {
      if (c.closed) {
        // A closed long-poll connection is kept a while so its last poll can fetch the Close message, then 204s.
        if (now - c.markedAt > serverTimeoutMs) this.forget(c);
        continue;
      }
      if (c.transport === 'none') {
        if (now - c.lastSeen > serverTimeoutMs) c.close(undefined, false, false);
        continue;
      }
      if (!c.handshaken) {
        if (now - c.markedAt > handshakeTimeoutMs) c.close(undefined, false, false);
        continue;
      }
      if (c.owner.expiresAt <= now) {
        c.close(CLOSE_REASONS.expired, true);
        continue;
      }
      // A held poll is the long-polling client's sign of life; the official client sends no pings over it.
      const silent = c.transport === 'lp' && c.hasPendingPoll ? 0 : now - c.lastSeen;
      if (silent > serverTimeoutMs) c.close(CLOSE_REASONS.timeout, true);
    }
  }

  /** Logout or a revoked session ends the hub connections that rode on it. */
  private async recheckSessions(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const byToken = new Map<string, HubConnection[]>();
      for (const c of this.connections.values()) {
        if (c.closed || !c.handshaken) continue;
        byToken.set(c.owner.token, [...(byToken.get(c.owner.token) ?? []), c]);
      }
      for (const [token, list] of byToken) {
        const check = this.deps.recheck ? this.deps.recheck(list[0]!.owner) : this.deps.authorize(token);
        const owner = await check.catch((err) => {
          this.log.warn({ err }, 'hub session re-check failed; keeping connections until the next check');
          return undefined;
        });
        if (owner === null) for (const c of list) c.close(CLOSE_REASONS.revoked, true);
        // A language chosen on another instance reaches this one's connections here.
        else if (owner) for (const c of list) if (c.owner.language !== owner.language) c.owner = { ...c.owner, language: owner.language };
      }
    } finally {
      this.rechecking = false;
    }
  }
}
