// "Device cookies" (OWASP): a browser that has signed in to an account, or completed that account's emailed reset
// link, gets a signed HttpOnly cookie naming the account. Sign-ins that present it are throttled on their own
// counter only, so an attacker spraying guesses from many addresses, or from the owner's carrier NAT, never locks
// the owner out of the browser they use. Clients that don't keep cookies simply don't get the exemption.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'topup_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type TrustedDevices = {
  /** The device id when the request's Cookie header holds a valid, unexpired device cookie for `email`. */
  verify(cookieHeader: string | undefined, email: string): string | undefined;
  /** A Set-Cookie value trusting this browser for `email` for a year (keeps `deviceId` when given). */
  issue(email: string, deviceId?: string): string;
};

/**
 * The cookie is `<id>.<expiry, unix seconds>.<HMAC(email, id, expiry)>`: the expiry is signed with the rest, so a
 * copied cookie stops working on the server's word, not only when a browser drops it. A value without one is refused.
 */
export function createTrustedDevices(secret: string, secure: boolean, clock: () => number = Date.now): TrustedDevices {
  const sign = (email: string, deviceId: string, expires: string) =>
    createHmac('sha256', secret).update(`login-device\0${email.toLowerCase()}\0${deviceId}\0${expires}`).digest('base64url');
  return {
    verify(cookieHeader, email) {
      const value = readCookie(cookieHeader, DEVICE_COOKIE);
      const parts = value?.split('.') ?? [];
      if (parts.length !== 3) return undefined;
      const [deviceId, expires, sig] = parts as [string, string, string];
      if (!/^[A-Za-z0-9_-]{22}$/.test(deviceId) || !/^\d{1,12}$/.test(expires)) return undefined;
      const nowS = Math.floor(clock() / 1000);
      if (Number(expires) <= nowS || Number(expires) > nowS + DEVICE_COOKIE_MAX_AGE_S + 60) return undefined;
      const expected = Buffer.from(sign(email, deviceId, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
    },
    issue(email, deviceId = randomBytes(16).toString('base64url')) {
      const expires = String(Math.floor(clock() / 1000) + DEVICE_COOKIE_MAX_AGE_S);
      const value = `${deviceId}.${expires}.${sign(email, deviceId, expires)}`;
      return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
