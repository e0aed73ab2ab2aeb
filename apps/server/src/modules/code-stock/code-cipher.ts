// AES-256-GCM for codes at rest: each value gets its own random 96-bit IV and is bound to its row (the code's id is
// the additional data), so a ciphertext copied onto another row does not decrypt. The key id (first bytes of the
// key's SHA-256) says which key wrote a value, so old keys can read until re-encryption has moved everything.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export type CodeCipher = {
  /** Id of the key that encrypts now. */
  readonly keyId: string;
  encrypt(plain: string, rowId: string): string;
  /** Throws when no known key wrote it or it was tampered with. */
  decrypt(sealed: string, rowId: string): string;
  /** The duplicate check's fingerprint: HMAC-SHA256 under a key derived from the current key. */
  fingerprint(code: string): string;
  /** Key ids that are not the current one (their rows need re-encrypting). */
  readonly previousKeyIds: string[];
};

export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export function createCodeCipher(keys: { current: Buffer; previous: Buffer[] }): CodeCipher {
  const byId = new Map<string, Buffer>();
  for (const key of [keys.current, ...keys.previous]) byId.set(keyIdOf(key), key);
  const keyId = keyIdOf(keys.current);
  const hmacKey = Buffer.from(hkdfSync('sha256', keys.current, Buffer.alloc(0), 'topup code-stock fingerprint', 32));
  return {
    keyId,
    previousKeyIds: [...byId.keys()].filter((id) => id !== keyId),
    encrypt(plain, rowId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
      cipher.setAAD(Buffer.from(rowId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
    },
    decrypt(sealed, rowId) {
      const [id, iv, tag, body] = sealed.split(':');
      const key = id ? byId.get(id) : undefined;
      if (!key || !iv || !tag || body === undefined) throw new Error('code stock: value sealed with an unknown key');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(rowId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    fingerprint(code) {
      return createHmac('sha256', hmacKey).update(code.normalize('NFC')).digest('hex');
    },
  };
}
