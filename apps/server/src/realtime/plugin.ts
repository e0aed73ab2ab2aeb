// The realtime hub's HTTP face at /dashboard (SignalR transports: negotiate, WebSocket upgrade, long polling),
// for signed-in admins only, pushing them every committed order, verdict and staff change that the fan-out delivers.
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { WebSocketServer } from 'ws';
import { HUB } from '@topup/contract/limits';
import { MSG, textOf, type Language } from '@topup/contract/messages';
import { languageOf, onLanguageChange } from '../modules/staff-language/staff-language.service.ts';
import { onSessionEnded, onSessionsEnded } from '../modules/auth/auth.service.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { bearerToken, resolveAdmin, resolveSession, type Admin } from '../plugins/auth.ts';
import { getSecuritySettings } from '../modules/shop-settings/shop-settings.service.ts';
import { cookieOriginAllowed, hubCookieToken } from '../modules/auth/session-cookie.ts';
import { CLOSE_REASONS, DEFAULT_HUB_TIMINGS, Hub, type HubConnection, type HubOwner, type HubTimings } from './hub.ts';

export type HubPluginOptions = { ctx: AppContext; timings?: Partial<HubTimings> };

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
];

/** Client → server bodies are pings, the handshake and the odd invocation: small. */
const MAX_CLIENT_BODY = 64 * 1024;

/**
 * A token resolved to a live admin session: an access token, or the hub session token of the hub cookie. The
 * connection lives as long as the sign-in session (`expiresAt` is the session's end), not the access token
 * (docs/decisions/0081): logout, revocation and the session's end close it.
 */
export async function authorizeHubToken(ctx: AppContext, token: string | null): Promise<HubOwner | null> {
  if (!token) return null;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  // The language is read beside the session check, not after it (no extra round trip on the connect path); the
  // unverified subject only picks a language, and is dropped unless the token is verified.
  const [admin, language] = await Promise.all([
    resolveAdmin(ctx, token).then(async (a) => a ?? (await hubSessionAdmin(ctx, token))),
    typeof claims.sub === 'string' ? languageOf(ctx, claims.sub) : undefined,
  ]);
  if (!admin || admin.id !== claims.sub || !language) return null;
  return ownerOf(ctx, admin, token, language);
}

async function hubSessionAdmin(ctx: AppContext, token: string): Promise<Admin | null> {
  const hubClaims = await ctx.tokens.verifyHub(token);
  return hubClaims ? resolveSession(ctx, hubClaims.sub, hubClaims.sid) : null;
}

async function ownerOf(ctx: AppContext, admin: Admin, token: string, language: Language): Promise<HubOwner | null> {
  // A user the shop requires to turn on two-factor sign-in sees no orders, live ones included, until they do.
  if (!admin.twoFactorEnabled && (await getSecuritySettings(ctx)).requireTwoFactor) return null;
  const expiresAt = Date.parse(admin.sessionExpiresAt ?? '');
  if (!Number.isFinite(expiresAt)) return null;
  return { adminId: admin.id, sessionId: admin.sessionId, token, expiresAt, language };
}

/** The periodic re-check: by the session, since the token it connected with may have expired long ago. */
export async function recheckHubOwner(ctx: AppContext, owner: HubOwner): Promise<HubOwner | null> {
  const [admin, language] = await Promise.all([resolveSession(ctx, owner.adminId, owner.sessionId), languageOf(ctx, owner.adminId)]);
  return admin ? ownerOf(ctx, admin, owner.token, language) : null;
}

/**
 * The bearer header, else `access_token` in the query (browsers can't set headers on WebSockets), else the session
 * cookie that sign-in sets for clients that open the hub "with credentials" and no token. A cookie is only taken
 * from the shop's own origin or CORS_ORIGINS (cross-site WebSocket hijacking); from any other it is refused.
 */
function hubToken(ctx: AppContext, headers: IncomingHttpHeaders, query: URLSearchParams, protocol: string): string | null {
  // bearerToken reads only the Authorization header; a request-shaped object is all it needs.
  const token = bearerToken({ headers } as FastifyRequest) ?? (query.get('access_token') || null);
  if (token) return token;
  const fromCookie = hubCookieToken(headers);
  if (fromCookie && !cookieOriginAllowed(headers, ctx.config, protocol)) throw new AppError(403, MSG.originNotAllowed);
  return fromCookie;
}

/** The scheme the browser used for an upgrade request (a trusted proxy says so in X-Forwarded-Proto). */
function upgradeProtocol(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim()
    : '';
  if (forwarded) return forwarded;
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
}

const normalizePath = (p: string) => p.toLowerCase().replace(/\/+$/, '') || '/';

export const hubPlugin = fp<HubPluginOptions>(
  async (app, { ctx, timings }) => {
    const log = app.log.child({ module: 'hub' });
    const hub = new Hub({
      log,
      timings: { ...DEFAULT_HUB_TIMINGS, ...timings },
      authorize: (token) => authorizeHubToken(ctx, token),
      recheck: (owner) => recheckHubOwner(ctx, owner),
    });
    hub.backplaneKind = ctx.fanOut.kind;
    app.decorate('hub', hub);

    // Every instance's committed orders and verdicts arrive here once, through the backplane (realtime/fan-out.ts).
    const stopReceiving = ctx.fanOut.receive({
      message: (event) => {
        if ('verdict' in event) hub.broadcast([{ target: HUB.events.verdict, args: [event.verdict] }]);
        else if ('payment' in event) hub.broadcast([{ target: HUB.events.payment, args: [event.payment] }]);
        else if ('lowStock' in event) hub.broadcast([{ target: HUB.events.lowStock, args: [event.lowStock] }]);
        // Colleagues' changes: one invocation per order, all of a message's in one write (docs/decisions/0063).
        else if ('changed' in event) hub.broadcast(event.changed.map((change) => ({ target: HUB.events.changed, args: [change] })));
        // The notice's text in each recipient's language (their choice in the dashboard).
        else if ('notification' in event)
          hub.broadcastByLanguage((language) => [
            { target: HUB.events.order, args: [event.order] },
            { target: HUB.events.notification, args: [{ ...event.notification, message: textOf(event.notification.message, language) }] },
          ]);
      },
      resumed: () => hub.closeAll(CLOSE_REASONS.resync, true),
    });
    const stopLanguageChanges = onLanguageChange(ctx, (adminId, language) => hub.setLanguage(adminId, language));
    // A user deleted, demoted or whose password changed: their connections here end now, not at the next re-check.
    const stopSessionEnds = onSessionsEnded(ctx, (adminId, exceptSessionId) => hub.endSessionsOf(adminId, exceptSessionId));
    const stopSignOuts = onSessionEnded(ctx, (_adminId, sessionId) => hub.endSession(sessionId));
    log.info({ backplane: ctx.fanOut.kind }, 'realtime hub ready');

    /** The headers every hub answer carries in place of the security-header set (text/plain must not be sniffed as HTML). */
    const plain = (reply: FastifyReply) =>
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').type('text/plain; charset=utf-8');

    /** Authorises a transport request and finds its connection; answers the error itself and returns null. */
    async function connectionFor(request: FastifyRequest, reply: FastifyReply): Promise<HubConnection | null> {
      const query = queryOf(request);
      const token = hubToken(ctx, request.headers, query, request.protocol);
      const id = query.get('id');
      const existing = id ? hub.get(id) : undefined;
      if (existing && token === existing.owner.token) {
        // The token the connection already holds needs no database round trip (the periodic re-check catches
        // revoked sessions). Once the sign-in session has ended, the connection is closed with a Close message.
        if (existing.owner.expiresAt <= Date.now()) existing.close(CLOSE_REASONS.expired, true);
        return existing;
      }
      const owner = await authorizeHubToken(ctx, token);
      if (!owner) throw AppError.unauthorized(MSG.unauthorized);
      if (!id) throw AppError.badRequest(MSG.hubConnectionIdMissing);
      if (!existing) {
        await plain(reply).code(404).send('No connection with that ID.');
        return null;
      }
      if (existing.owner.adminId !== owner.adminId) throw new AppError(403, MSG.hubConnectionNotYours);
      if (!existing.closed) existing.owner = owner;
      return existing;
    }

    // Browsers navigating to /dashboard get the web app; only requests carrying `id` are long polls.
    app.addConstraintStrategy({
      name: 'hubConnectionId',
      storage() {
        const handlers = new Map<string, unknown>();
        return {
          get: (value: string) => (handlers.get(value) ?? null) as never,
          set: (value: string, handler: unknown) => void handlers.set(value, handler),
        };
      },
      deriveConstraint: (req: IncomingMessage) => (/[?&]id=/.test(req.url ?? '') ? 'present' : undefined),
      mustMatchWhenDerived: false,
    });

    await app.register(async (hubRoutes) => {
      // Whatever the client labels its text (text/plain usually), the body is read as text.
      hubRoutes.removeAllContentTypeParsers();
      hubRoutes.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_CLIENT_BODY }, (_req, body, done) => done(null, body));
      // These answers are never documents: only the headers that matter for them are set (see `plain`).
      const route = { config: { access: 'public' as const, securityHeaders: false }, schema: { hide: true } };

      hubRoutes.post(`${HUB.path}/negotiate`, route, async (request, reply) => {
        if (hub.closing) throw new AppError(503, MSG.shuttingDown);
        const query = queryOf(request);
        const owner = await authorizeHubToken(ctx, hubToken(ctx, request.headers, query, request.protocol));
        if (!owner) throw AppError.unauthorized(MSG.unauthorized);
        const connection = hub.negotiate(owner);
        const version = Number(query.get('negotiateVersion') ?? 0);
        reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
        return version >= 1
          ? {
              negotiateVersion: 1,
              connectionId: connection.connectionId,
              connectionToken: connection.connectionToken,
              availableTransports: AVAILABLE_TRANSPORTS,
            }
          : // Version 0 has no separate token: the id is the secret.
            { negotiateVersion: 0, connectionId: connection.connectionToken, availableTransports: AVAILABLE_TRANSPORTS };
      });

      hubRoutes.get(HUB.path, { ...route, constraints: { hubConnectionId: 'present' } }, async (request, reply) => {
        const connection = await connectionFor(request, reply);
        if (!connection) return reply;
        if (connection.transport === 'ws') throw AppError.badRequest(MSG.hubUsesWebSockets);
        const result = await connection.poll((cancel) => reply.raw.once('close', cancel));
        plain(reply).code(result.status);
        return result.status === 204 ? reply.send() : reply.send(result.body);
      });

      hubRoutes.post(HUB.path, { ...route, bodyLimit: MAX_CLIENT_BODY }, async (request, reply) => {
        const connection = await connectionFor(request, reply);
        if (!connection) return reply;
        if (connection.closed) return plain(reply).code(404).send('The connection has ended.');
        if (connection.transport === 'ws') throw AppError.badRequest(MSG.hubUsesWebSockets);
        connection.receive(typeof request.body === 'string' ? request.body : '');
        return plain(reply).code(200).send('');
      });

      hubRoutes.delete(HUB.path, route, async (request, reply) => {
        const connection = await connectionFor(request, reply);
        if (!connection) return reply;
        connection.close(undefined, false, false);
        hub.forget(connection);
        return plain(reply).code(202).send('');
      });
    });

    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_BODY, perMessageDeflate: false });
    const refuse = (socket: Duplex, status: number) => {
      if (socket.writable) {
        socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      }
      socket.destroy();
    };
    const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://hub.invalid');
      if (normalizePath(url.pathname) !== HUB.path) return refuse(socket, 404);
      if (hub.closing) return refuse(socket, 503);
      let token: string | null;
      try {
        token = hubToken(ctx, req.headers, url.searchParams, upgradeProtocol(req, ctx.config.trustProxy));
      } catch {
        return refuse(socket, 403);
      }
      const owner = await authorizeHubToken(ctx, token).catch((err) => {
        log.error({ err }, 'hub authorisation failed');
        return null;
      });
      if (!owner) return refuse(socket, 401);
      const id = url.searchParams.get('id');
      let connection: HubConnection;
      if (id) {
        const existing = hub.get(id);
        if (!existing || existing.closed) return refuse(socket, 404);
        if (existing.owner.adminId !== owner.adminId) return refuse(socket, 403);
        if (existing.transport !== 'none') return refuse(socket, 409);
        existing.owner = owner;
        connection = existing;
      } else {
        // Clients may skip negotiation on WebSockets (skipNegotiation: true).
        connection = hub.negotiate(owner);
      }
      connection.reserveSocket();
      wss.handleUpgrade(req, socket, head, (ws) => connection.attachSocket(ws));
    };
    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(req, socket, head));

    // Graceful stop: before Fastify waits for in-flight requests, end held polls and sockets with a Close
    // message that lets clients reconnect (to this instance when it is back, or to another one).
    // Sockets that never sent a request (a client's spare pooled connection, e.g. after an aborted poll) carry no
    // work, yet Node counts them as busy until its header timeout, which would hold a shutdown for up to a minute.
    const unused = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      unused.add(socket);
      socket.once('close', () => unused.delete(socket));
    });
    app.server.on('request', (req: IncomingMessage) => unused.delete(req.socket));
    app.server.on('upgrade', (req: IncomingMessage) => unused.delete(req.socket));

    app.addHook('preClose', async () => {
      stopReceiving();
      stopLanguageChanges();
      stopSessionEnds();
      stopSignOuts();
      await hub.shutdown();
      for (const socket of unused) socket.destroy();
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    });
  },
  { name: 'realtime-hub' },
);
