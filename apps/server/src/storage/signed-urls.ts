// Payment screenshots are served only through URLs signed with a server secret that expire, so a leaked link dies.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VALIDITY_MS = 60 * 60 * 1000;
/** Expiry is rounded up to this step so the same screenshot keeps one URL for a while (browser cache hits). */
const STEP_MS = 10 * 60 * 1000;

export type UrlSigner = {
  sign(name: string, now?: number): { expires: number; sig: string };
  verify(name: string, expires: number, sig: string, now?: number): boolean;
};

export function createUrlSigner(secret: string): UrlSigner {
  const key = createHmac('sha256', secret).update('screenshot-urls').digest();
  const mac = (name: string, expires: number) => createHmac('sha256', key).update(`${name}:${expires}`).digest('base64url');
  return {
    sign(name, now = Date.now()) {
      const expires = Math.ceil((now + VALIDITY_MS) / STEP_MS) * STEP_MS;
      return { expires, sig: mac(name, expires) };
    },
    verify(name, expires, sig, now = Date.now()) {
      if (!Number.isFinite(expires) || expires < now || expires > now + VALIDITY_MS + STEP_MS) return false;
      const expected = Buffer.from(mac(name, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
