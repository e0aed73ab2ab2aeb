// Short-lived JWT access tokens (jose, HS256) and opaque refresh/reset tokens stored only as hashes.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** A session (a refresh-token family) ends this long after sign-in, however often it is refreshed. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const ISSUER = 'topup-shop';
const AUDIENCE = 'topup-admin';
/** The hub cookie's own audience: it opens the hub for the session's life and is never an API access token. */
const HUB_AUDIENCE = 'topup-hub';

export type HubClaims = { sub: string; sid: string };

export type AccessClaims = { sub: string; email: string; sid: string };

export type TokenService = {
  signAccess(claims: AccessClaims, ttlSeconds?: number): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** A hub session token that expires with its sign-in session (`expiresAtMs`); only the hub accepts it. */
  signHub(claims: HubClaims, expiresAtMs: number): Promise<string>;
  verifyHub(token: string): Promise<HubClaims | null>;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess({ sub, email, sid }, ttlSeconds = ACCESS_TOKEN_TTL_S) {
      return new SignJWT({ email, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        // A token without `exp` would never expire, and one without `iat` can't be aged: both are refused, and a
        // token lives no longer than an access token's lifetime after it was issued, whatever its `exp` says.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_TTL_S,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, email: payload.email, sid: payload.sid };
      } catch {
        return null;
      }
    },
    async signHub({ sub, sid }, expiresAtMs) {
      return new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(HUB_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAtMs / 1000))
        .sign(key);
    },
    async verifyHub(token) {
      try {
        // Bounded by `exp` (the session's end); the session row is checked on every use and re-check besides.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: HUB_AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

/** 256 random bits, URL-safe. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
