// The hub session cookie: clients built to the spec open the realtime hub "with credentials" and no token, so
// sign-in and refresh also put the access token in an HttpOnly cookie that only the hub path receives.
// Its lifetime is the access token's; refresh renews it; logout clears it. See docs/decisions/0502.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { HUB } from '@topup/contract/limits';
import type { Config } from '../../config.ts';
import { ACCESS_TOKEN_TTL_S } from './tokens.ts';

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

/** Adds a Set-Cookie header, keeping the ones already set (the hub cookie and the trusted-browser cookie go together). */
export function appendSetCookie(reply: FastifyReply, value: string) {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, value]);
}

export function setHubCookie(request: FastifyRequest, reply: FastifyReply, config: Config, accessToken: string) {
  appendSetCookie(reply, cookie(request, config, accessToken, ACCESS_TOKEN_TTL_S));
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
