// Who is calling: every /api route needs a signed-in admin unless it says `access: 'public'` or `'optional'`.
// Default-deny means a route added later can't be left open by forgetting a line.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';

export type Admin = { id: string; email: string; sessionId: string };
export type Access = 'public' | 'optional' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    admin: Admin | null;
  }
}

/** Reads the bearer token from the Authorization header (or `access_token` for the hub's WebSocket and poll URLs). */
export function bearerToken(request: FastifyRequest): string | null {
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = /^bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** Resolves a token to a live admin session: signature, expiry, and a session not revoked nor past its end. */
export async function resolveAdmin(ctx: AppContext, token: string | null): Promise<Admin | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verifyAccess(token);
  if (!claims) return null;
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.email', 'sessions.revoked_at', 'sessions.expires_at'])
    .where('sessions.id', '=', claims.sid)
    .where('users.id', '=', claims.sub)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= nowIso()) return null;
  return { id: claims.sub, email: row.email, sessionId: claims.sid };
}

export function accessOf(url: string, configured: Access | undefined): Access {
  if (configured) return configured;
  return url.toLowerCase().startsWith('/api/') ? 'admin' : 'public';
}

export type RouteAccess = { method: string; url: string; access: Access };

/** Every route the hook below saw, per app (keyed by its context): what the route-walk security test checks. */
const routeRegistry = new WeakMap<AppContext, RouteAccess[]>();

export function registeredRoutes(ctx: AppContext): readonly RouteAccess[] {
  return routeRegistry.get(ctx) ?? [];
}

export const authPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.decorateRequest('admin', null);
  const seen: RouteAccess[] = [];
  routeRegistry.set(ctx, seen);

  app.addHook('onRoute', (route) => {
    const access = accessOf(route.url, route.config?.access);
    for (const method of [route.method].flat()) seen.push({ method, url: route.url, access });
    if (access === 'public') return;
    // onRequest runs before the body is read, so an anonymous upload is refused before it is received.
    const check = async (request: FastifyRequest, _reply: FastifyReply) => {
      request.admin = await resolveAdmin(ctx, bearerToken(request));
      if (access === 'admin' && !request.admin) throw new AppError(401, MSG.unauthorized);
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...existing];
  });
});
