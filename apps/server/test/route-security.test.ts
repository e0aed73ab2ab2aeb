// Walks every registered route and proves that each /api route outside a short, explicit list of public ones
// refuses a missing, expired, tampered or foreign token with 401 and the envelope, so a route added later can't
// be left open by forgetting a line; and that each one outside a short list of staff routes refuses a signed-in
// staff member with 403 (only owners manage the shop). It reads the routes at run time: whatever modules exist are covered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MSG, textOf } from '@topup/contract/messages';
import { createTokenService, type AccessClaims } from '../src/modules/auth/tokens.ts';
import { registeredRoutes, type RouteAccess } from '../src/plugins/auth.ts';
import { FORBIDDEN_MESSAGE } from '../src/plugins/auth.ts';
import { buildTestApp, login, type TestApp } from './helpers.ts';

/** Method and path (case-insensitive, any parameter name) of every route anyone may call without signing in. */
const PUBLIC_ALLOWLIST: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/api/v1/auth/login'],
  ['POST', '/api/v1/auth/refresh-token'],
  ['POST', '/api/v1/auth/forgot-password'],
  ['POST', '/api/v1/auth/reset-password'],
  ['GET', '/api/v1/game'],
  ['GET', '/api/v1/game/bannerlist'],
  ['GET', '/api/v1/game/:'],
  ['GET', '/api/v1/configsetting'],
  ['GET', '/api/v1/tokenpackage'],
  ['POST', '/api/v1/order'],
  ['GET', '/api/v1/files/screenshots/:'],
  // A buyer's own order by code and private token, its live stream, and "find my order".
  ['GET', '/api/v1/ordertracking/:'],
  ['GET', '/api/v1/ordertracking/:/events'],
  ['POST', '/api/v1/ordertracking/find'],
  // "My orders": the statuses of the orders a buyer holds private links to.
  ['POST', '/api/v1/ordertracking/statuses'],
  ['GET', '/api/docs/json'],
  ['GET', '/api/v1/shopsettings'],
  ['POST', '/api/v1/auth/login/two-factor'],
  ['POST', '/api/v1/invitation/preview'],
  ['POST', '/api/v1/invitation/accept'],
  // A payment phone's webhook: authenticated by the phone's signing key, never by a session.
  ['POST', '/api/v1/paymentphone/hook/:'],
];

/** Routes a staff member (not only an owner) may call: working orders, their own account and sign-in. */
const STAFF_ALLOWLIST: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/api/v1/auth/logout'],
  ['POST', '/api/v1/user/change-password'],
  ['GET', '/api/v1/user/me'],
  ['GET', '/api/v1/user/language'],
  ['PUT', '/api/v1/user/language'],
  ['GET', '/api/v1/order'],
  ['GET', '/api/v1/order/:'],
  ['PUT', '/api/v1/order/:'],
  ['PUT', '/api/v1/order/isread/:'],
  ['GET', '/api/v1/order/notification-list'],
  ['GET', '/api/v1/order/summary'],
  // Screenshot checks: staff read verdicts and ask for a check again.
  ['GET', '/api/v1/order/verdict-list'],
  ['GET', '/api/v1/order/:/verification'],
  ['POST', '/api/v1/order/:/verification'],
  // The workbench: timeline, SLA figures, bulk actions, CSV export, operator choices.
  ['GET', '/api/v1/order/:/timeline'],
  ['GET', '/api/v1/order/sla'],
  ['POST', '/api/v1/order/bulk'],
  ['GET', '/api/v1/order/export'],
  ['GET', '/api/v1/order/operators'],
  ['POST', '/api/v1/auth/two-factor/setup'],
  ['POST', '/api/v1/auth/two-factor/enable'],
  ['POST', '/api/v1/auth/two-factor/disable'],
  ['POST', '/api/v1/auth/two-factor/recovery-codes'],
  // Staff alerts: each person's own devices and preferences, and reading the owners' late-order share.
  ['GET', '/api/v1/push/vapidpublickey'],
  ['POST', '/api/v1/push/subscription'],
  ['DELETE', '/api/v1/push/subscription'],
  ['GET', '/api/v1/push/devices'],
  ['DELETE', '/api/v1/push/devices/:'],
  ['GET', '/api/v1/push/preferences'],
  ['PUT', '/api/v1/push/preferences'],
  ['GET', '/api/v1/push/shopalerts'],
  // Payment notices: staff see every notice and each order's payment, and attach money with no order by hand.
  ['GET', '/api/v1/paymentnotice'],
  ['POST', '/api/v1/paymentnotice/:/attach'],
  ['GET', '/api/v1/order/:/payment'],
  // Code stock and automatic delivery: staff read counts and settings (codes stay masked); only owners change or reveal.
  ['GET', '/api/v1/tokenpackage/:/delivery'],
  ['GET', '/api/v1/codestock'],
  ['GET', '/api/v1/codestock/:'],
  ['GET', '/api/v1/autodelivery/settings'],
];

/** Lists that answer a request with no credentials at all with an empty page (spec-built clients load them on public pages). */
const EMPTY_WHEN_ANONYMOUS: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/api/v1/order'],
  ['GET', '/api/v1/order/notification-list'],
];

/** Lowercase, every `:param` reduced to `:`, no trailing slash: how the router itself compares paths. */
const normalize = (url: string) =>
  url
    .toLowerCase()
    .replace(/:[^/]+/g, ':')
    .replace(/\/+$/, '');
const isApi = (url: string) => normalize(url).startsWith('/api/');
const listed = (list: ReadonlyArray<readonly [string, string]>) => (r: RouteAccess) => {
  // A HEAD route is the automatic twin of a GET route.
  const method = r.method === 'HEAD' ? 'GET' : r.method;
  return list.some(([m, p]) => m === method && p === normalize(r.url));
};
const allowlisted = listed(PUBLIC_ALLOWLIST);
const staffListed = listed(STAFF_ALLOWLIST);
/** A concrete URL for a route pattern: parameters become a fresh UUID, wildcards a plain name. */
const concrete = (url: string) => url.replace(/:[^/]+/g, () => randomUUID()).replace(/\*/g, 'x');

/** Every method + path the router holds, read from its printed tree (independent of the auth plugin's own list). */
function routerRoutes(tree: string): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([\s│├└─]*)(\S.*?) \(([A-Z, ]+)\)/.exec(line);
    if (!m) continue;
    // Each level indents by 4; a line without a branch mark is the same path under other constraints.
    const depth = Math.max(0, Math.floor(m[1]!.length / 4) - 1);
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    for (const method of m[3]!.split(',').map((s) => s.trim())) out.push({ method, url });
  }
  return out;
}

let t: TestApp;
let claims: AccessClaims;
beforeAll(async () => {
  t = await buildTestApp();
  claims = JSON.parse(Buffer.from(t.tokens.accessToken.split('.')[1]!, 'base64url').toString()) as AccessClaims;
});
afterAll(() => t.close());

describe('route security walk', () => {
  it('knows every route the router holds', () => {
    const known = new Set(registeredRoutes(t.app.ctx).map((r) => `${r.method} ${normalize(r.url)}`));
    const fromRouter = routerRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => isApi(r.url));
    expect(fromRouter.length).toBeGreaterThan(10);
    const unknown = fromRouter.map((r) => `${r.method} ${normalize(r.url)}`).filter((k) => !known.has(k));
    // A route registered where the auth plugin's hook can't see it would be unguarded.
    expect(unknown).toEqual([]);
  });

  it('has no public /api route outside the allowlist', () => {
    const emptyWhenAnonymous = (r: RouteAccess) =>
      r.access === 'empty-when-anonymous' &&
      EMPTY_WHEN_ANONYMOUS.some(([m, p]) => m === (r.method === 'HEAD' ? 'GET' : r.method) && p === normalize(r.url));
    const open = registeredRoutes(t.app.ctx).filter(
      (r) => isApi(r.url) && r.access !== 'admin' && !allowlisted(r) && !emptyWhenAnonymous(r),
    );
    expect(open.map((r) => `${r.method} ${r.url} (${r.access})`)).toEqual([]);
  });

  it('refuses every other /api route without a valid token, with 401 and the envelope', async () => {
    const secured = registeredRoutes(t.app.ctx).filter((r) => isApi(r.url) && !allowlisted(r));
    // The auth and user routes exist in every build; others join as they are added.
    expect(secured.map((r) => `${r.method} ${normalize(r.url)}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/logout',
        'POST /api/v1/user/change-password',
        'GET /api/v1/user',
        'DELETE /api/v1/user/:',
      ]),
    );

    const real = t.tokens.accessToken;
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const mid = Math.floor(signature.length / 2);
    const flipped = signature.slice(0, mid) + (signature[mid] === 'A' ? 'B' : 'A') + signature.slice(mid + 1);
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: randomUUID() }),
    ).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const badTokens: Record<string, string | undefined> = {
      missing: undefined,
      expired: await t.app.ctx.tokens.signAccess(claims, -60),
      'flipped signature': `${header}.${payload}.${flipped}`,
      'changed payload': `${header}.${forgedPayload}.${signature}`,
      'alg none': `${noneHeader}.${payload}.`,
      'other secret': await createTokenService('another-secret-another-secret-0123456789').signAccess(claims),
      // The real secret and a live session, but no end: it would be good forever.
      'no exp': await new SignJWT({ email: claims.email, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer('topup-shop')
        .setAudience('topup-admin')
        .setIssuedAt()
        .sign(new TextEncoder().encode(t.config.jwtSecret)),
      garbage: 'not-a-jwt',
    };
    // The real token is accepted (the route walk isn't refusing everything for some other reason).
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User', headers: t.auth })).statusCode).toBe(200);

    const failures: string[] = [];
    for (const route of secured) {
      const url = concrete(route.url);
      for (const [name, token] of Object.entries(badTokens)) {
        // These lists answer "no credentials at all" with an empty page (test/cross-origin.test.ts); any bad token is still 401.
        if (token === undefined && route.access === 'empty-when-anonymous') continue;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const ok =
          res.statusCode === 401 &&
          (route.method === 'HEAD' ||
            JSON.stringify(res.json()) ===
              JSON.stringify({
                statusCode: 401,
                message: textOf(MSG.unauthorized),
                code: 'unauthorized',
                payLoad: null,
                payLoadList: null,
              }));
        if (!ok) failures.push(`${route.method} ${route.url} with ${name} token: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives staff exactly the staff routes and refuses every owner route with 403 and the envelope', async () => {
    const admin = registeredRoutes(t.app.ctx).filter((r) => isApi(r.url) && (r.access === 'admin' || r.access === 'empty-when-anonymous'));
    const staffRoutes = admin.filter((r) => r.role === 'staff').map((r) => `${r.method} ${normalize(r.url)}`);
    // The route table's own roles are exactly the reviewed list, no more.
    expect(admin.filter((r) => r.role === 'staff' && !staffListed(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(staffRoutes).toEqual(expect.arrayContaining(['GET /api/v1/order', 'PUT /api/v1/order/:', 'GET /api/v1/user/me']));

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/Register',
      headers: t.auth,
      payload: { email: 'walker@staff.test', password: 'staff-password-1' },
    });
    expect(register.statusCode).toBe(201);
    const staff = await login(t.app, 'walker@staff.test', 'staff-password-1');
    const asStaff = { authorization: `Bearer ${staff.accessToken}` };

    const failures: string[] = [];
    for (const route of admin) {
      // Logout ends the session it is called with, so it is checked last, below.
      if (normalize(route.url) === '/api/v1/auth/logout') continue;
      const url = concrete(route.url);
      const res = await t.app.inject({ method: route.method as 'GET', url, headers: asStaff });
      if (staffListed(route)) {
        if (res.statusCode === 401 || res.statusCode === 403)
          failures.push(`${route.method} ${route.url} refused staff: ${res.statusCode}`);
        continue;
      }
      const ok =
        res.statusCode === 403 &&
        (route.method === 'HEAD' ||
          JSON.stringify(res.json()) ===
            JSON.stringify({ statusCode: 403, message: textOf(FORBIDDEN_MESSAGE), code: 'ownerOnly', payLoad: null, payLoadList: null }));
      if (!ok) failures.push(`${route.method} ${route.url} as staff: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // Nothing an owner manages changed: the staff member is still staff and the only other user is the owner.
    const users = await t.app.ctx.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
    expect(users).toEqual([
      { email: 'admin@test.local', role: 'owner' },
      { email: 'walker@staff.test', role: 'staff' },
    ]);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/Logout', headers: asStaff });
    expect(logout.statusCode).toBe(200);
  });

  it('keeps the health endpoints public: a load balancer probes them without signing in', async () => {
    const health = registeredRoutes(t.app.ctx).filter(
      (r) => ['/healthz', '/health/live', '/health/ready'].includes(r.url) && r.method === 'GET',
    );
    expect(health.map((r) => `${r.url} ${r.access}`).sort()).toEqual(['/health/live public', '/health/ready public', '/healthz public']);
    for (const url of ['/healthz', '/health/live', '/health/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses a token whose session was revoked, even though it is signed and fresh', async () => {
    const token = await t.app.ctx.tokens.signAccess({ ...claims, sid: randomUUID() });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/User', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
