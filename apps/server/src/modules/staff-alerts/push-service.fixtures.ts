// A push service of the tests' own on loopback, and a device of their own: a P-256 key pair and an auth secret
// like a browser's. Pushes are decrypted here as the browser would (RFC 8291 on RFC 8188 aes128gcm, with
// node:crypto's ECDH and HKDF), and the sender's VAPID header (RFC 8292) is checked.
import { createDecipheriv, createECDH, createPublicKey, createVerify, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertPayload } from '@topup/contract/staff-alerts';

export type ReceivedPush = {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: AlertPayload;
  /** The VAPID key (k=) the sender signed with. */
  vapidKey: string;
};

export type PushService = {
  /** http://127.0.0.1:port */
  base: string;
  received: ReceivedPush[];
  /** Failures: requests whose VAPID or encryption did not check out. */
  rejected: string[];
  /** The status the service answers for a path (default 201). */
  answer(path: string, status: number): void;
  device(path: string): TestDevice;
  close(): Promise<void>;
};

export type TestDevice = {
  endpoint: string;
  /** The PushSubscription JSON a browser would send. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): Buffer;
};

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: one record, keyid = the sender's ephemeral public key. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18 || ciphertext.length > recordSize)
    throw new Error(`bad header: idlen ${idLength}, rs ${recordSize}`);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPrivate.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: ES256 signature by k, audience the push service's origin. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const verify = createVerify('SHA256');
  verify.update(`${head}.${claims}`);
  if (!verify.verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud}, expected ${origin}`);
  if (!(body.exp * 1000 > Date.now())) throw new Error('VAPID token expired');
  return k;
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answers.get(path) ?? 201;
      if (status < 200 || status >= 300) {
        res.writeHead(status).end();
        return;
      }
      try {
        const device = devices.get(path);
        if (!device) throw new Error(`unknown device ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapidKey = checkVapid(req.headers.authorization, base);
        const payload = JSON.parse(device.decrypt(Buffer.concat(chunks)).toString('utf8')) as AlertPayload;
        received.push({ path, headers: req.headers, payload, vapidKey });
        res.writeHead(201).end();
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    rejected,
    answer(path, status) {
      answers.set(path, status);
    },
    device(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${base}${path}`;
      const device: TestDevice = {
        endpoint,
        subscription: { endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
      devices.set(path, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
