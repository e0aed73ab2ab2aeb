// Every signed token the server verifies must carry its own end: an access token signed with the real secret but
// without `exp` (or without `iat`, or older than an access token's lifetime) is refused by the API and by the hub,
// and a trusted-device cookie carries a signed expiry.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { HUB } from '@topup/contract/limits';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { ACCESS_TOKEN_TTL_S, createTokenService, type AccessClaims } from './tokens.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, createTrustedDevices } from './trusted-device.ts';

const SECRET = 'a-secret-for-these-tokens-a-secret-for-these-tokens';
const key = new TextEncoder().encode(SECRET);

/** Signed with the real secret, issuer and audience; `shape` decides which time claims it gets. */
function forge(claims: AccessClaims, shape: { exp?: number; iat?: number }, secret: Uint8Array = key) {
  const jwt = new SignJWT({ email: claims.email, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('topup-shop')
    .setAudience('topup-admin');
  if (shape.iat !== undefined) jwt.setIssuedAt(shape.iat);
  if (shape.exp !== undefined) jwt.setExpirationTime(shape.exp);
  return jwt.sign(secret);
}

const nowS = () => Math.floor(Date.now() / 1000);
const CLAIMS: AccessClaims = { sub: 'user-1', email: 'owner@shop.test', sid: 'session-1' };

describe('access tokens', () => {
  const tokens = createTokenService(SECRET);

  it('accepts its own tokens and refuses signed ones without exp, without iat, or older than their lifetime', async () => {
    expect(await tokens.verifyAccess(await tokens.signAccess(CLAIMS))).toEqual(CLAIMS);
    expect(await tokens.verifyAccess(await forge(CLAIMS, { iat: nowS(), exp: nowS() + 60 }))).toEqual(CLAIMS);

    expect(await tokens.verifyAccess(await forge(CLAIMS, { iat: nowS() }))).toBeNull();
    expect(await tokens.verifyAccess(await forge(CLAIMS, {}))).toBeNull();
    expect(await tokens.verifyAccess(await forge(CLAIMS, { exp: nowS() + 60 }))).toBeNull();
    // Issued long ago with an end far away: no access token lives that long.
    expect(await tokens.verifyAccess(await forge(CLAIMS, { iat: nowS() - ACCESS_TOKEN_TTL_S - 120, exp: nowS() + 3600 }))).toBeNull();
  });
});

describe('a token without exp through the API and the hub', () => {
  let t: TestApp;
  let noExp: string;
  beforeAll(async () => {
    t = await buildTestApp();
    // The admin's live session, so nothing but the missing `exp` is wrong with it.
    const claims = (await t.app.ctx.tokens.verifyAccess(t.tokens.accessToken))!;
    noExp = await forge(claims, { iat: nowS() }, new TextEncoder().encode(t.config.jwtSecret));
  });
  afterAll(() => t.close());

  it('is refused with 401 where the real token is accepted', async () => {
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/User/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(t.tokens.accessToken)).statusCode).toBe(200);
    expect((await me(noExp)).statusCode).toBe(401);

    const negotiate = (token: string) =>
      t.app.inject({ method: 'POST', url: `${HUB.path}/negotiate?negotiateVersion=1`, headers: { authorization: `Bearer ${token}` } });
    expect((await negotiate(t.tokens.accessToken)).statusCode).toBe(200);
    expect((await negotiate(noExp)).statusCode).toBe(401);
  });
});

describe('trusted-device cookies', () => {
  let now = Date.UTC(2030, 0, 1);
  const devices = createTrustedDevices(SECRET, true, () => now);
  const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('carry a signed expiry a year out, and are refused once it passes', () => {
    const issued = devices.issue('owner@shop.test');
    expect(issued).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]+; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict; Secure$`,
      ),
    );
    const cookie = cookieOf(issued);
    const id = devices.verify(cookie, 'OWNER@shop.test');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.verify(cookie, 'someone-else@shop.test')).toBeUndefined();

    now += (DEVICE_COOKIE_MAX_AGE_S - 1) * 1000;
    expect(devices.verify(cookie, 'owner@shop.test')).toBe(id);
    now += 1000;
    expect(devices.verify(cookie, 'owner@shop.test')).toBeUndefined();
  });

  it('refuse a signed value without an expiry, and one whose expiry was changed', () => {
    const deviceId = 'AAAAAAAAAAAAAAAAAAAAAA';
    // The shape of a cookie with no expiry: id and a valid HMAC over the email and id alone.
    const unended = createHmac('sha256', SECRET).update(`login-device\0owner@shop.test\0${deviceId}`).digest('base64url');
    expect(devices.verify(`${DEVICE_COOKIE}=${deviceId}.${unended}`, 'owner@shop.test')).toBeUndefined();

    const [id, expires, sig] = cookieOf(devices.issue('owner@shop.test', deviceId)).split('=')[1]!.split('.');
    expect(devices.verify(`${DEVICE_COOKIE}=${id}.${expires}.${sig}`, 'owner@shop.test')).toBe(deviceId);
    expect(devices.verify(`${DEVICE_COOKIE}=${id}.${Number(expires) + 3600}.${sig}`, 'owner@shop.test')).toBeUndefined();
    expect(devices.verify(`${DEVICE_COOKIE}=${id}.99999999999.${sig}`, 'owner@shop.test')).toBeUndefined();
  });
});
