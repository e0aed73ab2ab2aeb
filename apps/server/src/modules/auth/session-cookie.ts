// The hub session cookie: clients built to the spec open the realtime hub "with credentials" and no token, so
// sign-in and refresh also set an HttpOnly cookie that only the hub path receives. It holds a hub session token
// that lives as long as the sign-in session (not the 15-minute access token): a client that never refreshes before
// the hub reconnects still gets in. Refresh renews it; logout clears it. See docs/decisions/0026 and 0081.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { HUB } from '@topup/contract/limits';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';

export const HUB_COOKIE = 'topup_hub_session';

/** True when the shop is reached over https (directly, through a trusted proxy, or as PUBLIC_URL says). */
function servedOverHttps(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);
}

function cookie(request: FastifyRequest, config: Config, value: string, maxAgeSeconds: number): string {
  const parts = [`${HUB_COOKIE}=${value}`, `Path=${HUB.path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (servedOverHttps(request, config)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Adds a Set-Cookie header beside the ones already set (the hub cookie and the trusted-browser cookie go together).
 * Fastify's reply.header appends to an existing Set-Cookie by itself: handing it the old list again sent each
 * earlier cookie twice.
 */
export function appendSetCookie(reply: FastifyReply, value: string) {
  reply.header('set-cookie', value);
}

/**
 * Sets the hub cookie for the session `accessToken` belongs to, expiring when that session does. Nothing is set for a
 * token whose session is not live (it could not open the hub anyway).
 */
export async function setHubCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, accessToken: string): Promise<void> {
  const claims = await ctx.tokens.verifyAccess(accessToken);
  if (!claims) return;
  const session = await ctx.db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', claims.sid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const endsAt = session ? Date.parse(session.expires_at) : NaN;
  const maxAge = Math.floor((endsAt - Date.now()) / 1000);
  if (!(maxAge > 0)) return;
  const token = await ctx.tokens.signHub({ sub: claims.sub, sid: claims.sid }, endsAt);
  appendSetCookie(reply, cookie(request, ctx.config, token, maxAge));
}

export function clearHubCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  appendSetCookie(reply, cookie(request, config, '', 0));
}

/** The hub cookie's value from a Cookie header, if present. */
export function hubCookieToken(headers: IncomingHttpHeaders): string | null {
  const header = headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === HUB_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * Whether a request authenticated by cookie may use it: browsers send `Origin` on every cross-origin request and
 * on WebSocket upgrades, so a present Origin must be the shop's own (its Host, or PUBLIC_URL) or one of
 * CORS_ORIGINS (cross-site WebSocket hijacking). No Origin means a same-origin GET or a non-browser client.
 */
export function cookieOriginAllowed(headers: IncomingHttpHeaders, config: Config, ownProtocol: string): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  const allowed = new Set(config.corsOrigins.filter((o) => o !== '*'));
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).origin);
  if (headers.host) allowed.add(`${ownProtocol}://${headers.host}`);
  return allowed.has(origin);
}

/** Whether the request presents any credential at all (a good one or not): an Authorization header or the session cookie. */
export function presentsCredentials(request: { headers: IncomingHttpHeaders }): boolean {
  return request.headers.authorization !== undefined || hubCookieToken(request.headers) !== null;
}
