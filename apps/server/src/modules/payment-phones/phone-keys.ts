// Secrets of a payment phone: the signing key (kept encrypted, because checking an HMAC needs the key itself), the
// secret part of its webhook URL (kept as a hash only), and the signature check of SMS Gateway for Android.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_PHONE_LIMITS } from '@topup/contract/payment-phones';

const KEY_INFO = 'topup payment-phone signing keys v1';

/** AES-256-GCM key for signing keys at rest, derived from JWT_SECRET: a copy of the database alone reveals none. */
export function deriveAtRestKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'payment-phones', KEY_INFO, 32));
}

export function sealKey(atRest: Buffer, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', atRest, iv);
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

export function openKey(atRest: Buffer, sealed: string): string {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !data || !tag) throw new Error('unknown signing key format');
  const decipher = createDecipheriv('aes-256-gcm', atRest, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** 32 random bytes as letters and digits: typed or scanned into the app. */
export const newSigningKey = (): string => randomBytes(32).toString('base64url');
/** The secret part of a webhook URL: 32 random bytes as lowercase hex (paths match case-insensitively), stored as a hash only. */
export const newUrlToken = (): string => randomBytes(32).toString('hex');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The app's signature: hex HMAC-SHA256 under the key, over the raw body followed by the X-Timestamp value. */
export function signatureOf(key: string, rawBody: string | Buffer, timestamp: string): string {
  return createHmac('sha256', key).update(rawBody).update(timestamp).digest('hex');
}

export type SignatureCheck = 'ok' | 'bad-signature' | 'stale';

export function checkSignature(
  key: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  nowMs = Date.now(),
): SignatureCheck {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-fA-F]{64}$/.test(signature)) return 'bad-signature';
  if (!sameText(signatureOf(key, rawBody, timestamp), signature.toLowerCase())) return 'bad-signature';
  // Checked after the signature, so an unsigned caller learns nothing about the clock.
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > PAYMENT_PHONE_LIMITS.clockSkewSeconds) return 'stale';
  return 'ok';
}

/** A generic forwarder's key in a header, compared in constant time. */
export const keyMatches = (key: string, presented: string | undefined): boolean =>
  presented !== undefined && sameText(key, presented.trim());
