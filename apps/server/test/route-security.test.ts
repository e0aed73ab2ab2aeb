// Walks every registered route and proves that each /api route outside a short, explicit list of public ones
// refuses a missing, expired, tampered or foreign token with 401 and the envelope, so a route added later can't
// be left open by forgetting a line. It reads the routes at run time: whatever modules exist are covered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@topup/contract/messages';
import { createTokenService, type AccessClaims } from '../src/modules/auth/tokens.ts';
import { registeredRoutes, type RouteAccess } from '../src/plugins/auth.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

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
  ['GET', '/api/docs/json'],
];

/** Lowercase, every `:param` reduced to `:`, no trailing slash: how the router itself compares paths. */
const normalize = (url: string) => url.toLowerCase().replace(/:[^/]+/g, ':').replace(/\/+$/, '');
const isApi = (url: string) => normalize(url).startsWith('/api/');
const allowlisted = (r: RouteAccess) => {
  // A HEAD route is the automatic twin of a GET route.
  const method = r.method === 'HEAD' ? 'GET' : r.method;
  return PUBLIC_ALLOWLIST.some(([m, p]) => m === method && p === normalize(r.url));
};
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
    const open = registeredRoutes(t.app.ctx).filter((r) => isApi(r.url) && r.access !== 'admin' && !allowlisted(r));
    expect(open.map((r) => `${r.method} ${r.url} (${r.access})`)).toEqual([]);
  });

  it('refuses every other /api route without a valid token, with 401 and the envelope', async () => {
    const secured = registeredRoutes(t.app.ctx).filter((r) => isApi(r.url) && !allowlisted(r));
    // The auth and user routes exist in every build; others join as they are added.
    expect(secured.map((r) => `${r.method} ${normalize(r.url)}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/register', 'POST /api/v1/auth/logout', 'POST /api/v1/user/change-password', 'GET /api/v1/user', 'DELETE /api/v1/user/:']),
    );

    const real = t.tokens.accessToken;
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const mid = Math.floor(signature.length / 2);
    const flipped = signature.slice(0, mid) + (signature[mid] === 'A' ? 'B' : 'A') + signature.slice(mid + 1);
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: randomUUID() })).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const badTokens: Record<string, string | undefined> = {
      missing: undefined,
      expired: await t.app.ctx.tokens.signAccess(claims, -60),
      'flipped signature': `${header}.${payload}.${flipped}`,
      'changed payload': `${header}.${forgedPayload}.${signature}`,
      'alg none': `${noneHeader}.${payload}.`,
      'other secret': await createTokenService('another-secret-another-secret-0123456789').signAccess(claims),
      garbage: 'not-a-jwt',
    };
    // The real token is accepted (the route walk isn't refusing everything for some other reason).
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/User', headers: t.auth })).statusCode).toBe(200);

    const failures: string[] = [];
    for (const route of secured) {
      const url = concrete(route.url);
      for (const [name, token] of Object.entries(badTokens)) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const ok =
          res.statusCode === 401 &&
          (route.method === 'HEAD' || JSON.stringify(res.json()) === JSON.stringify({ statusCode: 401, message: MSG.unauthorized, payLoad: null, payLoadList: null }));
        if (!ok) failures.push(`${route.method} ${route.url} with ${name} token: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a token whose session was revoked, even though it is signed and fresh', async () => {
    const token = await t.app.ctx.tokens.signAccess({ ...claims, sid: randomUUID() });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/User', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});
