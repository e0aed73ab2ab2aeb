// Who is calling: every /api route needs a signed-in admin unless it says `access: 'public'` or `'optional'`,
// and an owner unless it says `role: 'staff'` (docs/decisions/0040-roles.md).
// Default-deny means a route added later can't be left open, or open to staff, by forgetting a line.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@topup/contract/messages';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { TWO_FACTOR_MSG } from '@topup/contract/two-factor';
import { getSecuritySettings } from '../modules/shop-settings/shop-settings.service.ts';
import { presentsCredentials } from '../modules/auth/session-cookie.ts';
import { FORBIDDEN_MESSAGE, type Admin, type Role } from '../modules/auth/admin.ts';

export type { Admin, Role };
export { FORBIDDEN_MESSAGE, presentsCredentials };

/**
 * public: anyone; optional: anyone, the admin known when signed in; admin: signed-in admins only;
 * empty-when-anonymous: like admin, except that a request carrying no credentials at all reaches the handler with no
 * admin (which answers an empty page): spec-built clients load these lists on public pages and log out on a 401.
 */
export type Access = 'public' | 'optional' | 'admin' | 'empty-when-anonymous';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The least role an admin route needs; unset means owner. */
    role?: Role;
    /** Open to a user who must still turn on two-factor sign-in (the shop requires it): enrolment, /me, sign-out. */
    twoFactorSetup?: boolean;
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
  return resolveSession(ctx, claims.sub, claims.sid);
}

/** The admin of a live (not revoked, not expired) session of `userId`; null otherwise. */
export async function resolveSession(ctx: AppContext, userId: string, sessionId: string): Promise<Admin | null> {
  const claims = { sub: userId, sid: sessionId };
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.email', 'users.role', 'users.totp_enabled_at', 'sessions.revoked_at', 'sessions.expires_at'])
    .where('sessions.id', '=', claims.sid)
    .where('users.id', '=', claims.sub)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= nowIso()) return null;
  // The role is read from the row on every request, so a demotion takes effect at once, not when the token expires.
  return {
    id: claims.sub,
    email: row.email,
    sessionId: claims.sid,
    role: row.role === 'owner' ? 'owner' : 'staff',
    twoFactorEnabled: row.totp_enabled_at !== null,
    sessionExpiresAt: row.expires_at,
  };
}

export function accessOf(url: string, configured: Access | undefined): Access {
  if (configured) return configured;
  return url.toLowerCase().startsWith('/api/') ? 'admin' : 'public';
}

export type RouteAccess = { method: string; url: string; access: Access; role: Role };

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
    const role: Role = route.config?.role ?? 'owner';
    const setupRoute = route.config?.twoFactorSetup === true;
    for (const method of [route.method].flat()) seen.push({ method, url: route.url, access, role });
    if (access === 'public') return;
    // onRequest runs before the body is read, so an anonymous upload is refused before it is received.
    // Callback style: an anonymous buyer on an 'optional' route (the catalog) is settled without a promise.
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const token = bearerToken(request);
      if (!token && access === 'optional') return done();
      resolveAdmin(ctx, token).then((admin) => {
        request.admin = admin;
        if (admin) {
          if (access === 'optional') return done();
          const roleCheck = () => (role === 'owner' && admin.role !== 'owner' ? done(new AppError(403, FORBIDDEN_MESSAGE)) : done());
          // Only a user without two-factor on, outside the enrolment routes, costs a look at the shop's rule.
          if (setupRoute || admin.twoFactorEnabled) return roleCheck();
          return getSecuritySettings(ctx).then(({ requireTwoFactor }) => {
            if (requireTwoFactor) return done(new AppError(403, TWO_FACTOR_MSG.requiredByOwner));
            roleCheck();
          }, done);
        }
        if (access === 'admin') return done(new AppError(401, MSG.unauthorized));
        // A bad, expired or tampered token still gets 401, so the client's refresh rule runs.
        if (access === 'empty-when-anonymous' && presentsCredentials(request)) return done(new AppError(401, MSG.unauthorized));
        done();
      }, done);
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...existing];
  });
});
