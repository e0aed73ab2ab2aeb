// "Device cookies" (OWASP): a browser that has signed in to an account, or completed that account's emailed reset
// link, gets a signed HttpOnly cookie naming the account. Sign-ins that present it are throttled on their own
// counter only, so an attacker spraying guesses from many addresses, or from the owner's carrier NAT, never locks
// the owner out of the browser they use. Clients that don't keep cookies simply don't get the exemption.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'topup_device';
const MAX_AGE_S = 365 * 24 * 60 * 60;

export type TrustedDevices = {
  /** The device id when the request's Cookie header holds a valid device cookie for `email`. */
  verify(cookieHeader: string | undefined, email: string): string | undefined;
  /** A Set-Cookie value trusting this browser for `email` (keeps `deviceId` when given). */
  issue(email: string, deviceId?: string): string;
};

export function createTrustedDevices(secret: string, secure: boolean): TrustedDevices {
  const sign = (email: string, deviceId: string) =>
    createHmac('sha256', secret).update(`login-device\0${email.toLowerCase()}\0${deviceId}`).digest('base64url');
  return {
    verify(cookieHeader, email) {
      const value = readCookie(cookieHeader, DEVICE_COOKIE);
      const [deviceId, sig] = value?.split('.') ?? [];
      if (!deviceId || !sig || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return undefined;
      const expected = Buffer.from(sign(email, deviceId));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
    },
    issue(email, deviceId = randomBytes(16).toString('base64url')) {
      return `${DEVICE_COOKIE}=${deviceId}.${sign(email, deviceId)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
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
