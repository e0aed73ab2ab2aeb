// Reads and checks the environment once at start-up; a bad value stops the process with its name.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage.ts';
import { LOG_FORMATS, type LogFormat } from './lib/readable-log.ts';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => ['true', 'false', '1', '0', 'yes', 'no'].includes(s), 'must be true or false')
  .transform((s) => ['true', '1', 'yes'].includes(s));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((s) => (s ? s : undefined))
    .refine((s) => s === undefined || (URL.canParse(s) && protocols.test(s)), hint);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((s) => s || undefined);

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^(postgres|postgresql|sqlite|file):/, 'must be postgres://…, sqlite:… or file:…'),
    PUBLIC_URL: optionalUrl(/^https?:\/\//, 'must be an http(s) URL').transform((s) => s?.replace(/\/+$/, '')),
    ADMIN_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((s) => s || undefined)
      .pipe(z.email().optional()),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((s) => s || undefined)
      .pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    SEED_DEMO: bool.default(true),
    JWT_SECRET: z
      .string()
      .optional()
      .transform((s) => s || undefined)
      .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be smtp://… or smtps://…'),
    MAIL_FROM: z.string().trim().default('Top-up Shop <no-reply@localhost>'),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((o) => o === '*' || URL.canParse(o)), 'must be a comma-separated list of origins')
      // Browsers send `Origin` as scheme://host[:port]; a listed `https://shop.example/` must match it.
      .transform((list) => list.map((o) => (o === '*' ? o : new URL(o).origin))),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(10_000)
      .max(50 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    STATUS_STREAMS_PER_ORDER: z.coerce.number().int().min(1).max(100_000).default(5),
    STATUS_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    UPLOAD_ORPHAN_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be redis://…'),
    TRUST_PROXY: bool.default(false),
    RECEIPT_MAX_AGE_HOURS: z.coerce
      .number()
      .min(0.25)
      .max(24 * 30)
      .default(24),
    PAYMENT_MATCH_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(120),
    CHECK_WORKERS: z.coerce.number().int().min(1).max(availableParallelism()).optional(),
    CHECK_TIME_LIMIT_SECONDS: z.coerce.number().min(1).max(600).default(30),
    CHECK_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(1024),
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .optional()
      .transform((s) => s || undefined)
      .refine((s) => s === undefined || isBase64Url(s, 65), 'must be an uncompressed P-256 public key in base64url (87 characters)'),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .optional()
      .transform((s) => s || undefined)
      .refine((s) => s === undefined || isBase64Url(s, 32), 'must be a P-256 private key in base64url (43 characters)'),
    VAPID_SUBJECT: optionalUrl(/^(mailto:|https:\/\/)/, 'must be mailto:… or https://…'),
    CODE_STOCK_KEY: z
      .string()
      .trim()
      .optional()
      .transform((s) => s || undefined)
      .refine((s) => s === undefined || isBase64Key(s), 'must be 32 random bytes in base64 (44 characters; openssl rand -base64 32)'),
    CODE_STOCK_PREVIOUS_KEYS: z
      .string()
      .trim()
      .optional()
      .transform((s) =>
        s
          ? s
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean)
          : [],
      )
      .refine((keys) => keys.every(isBase64Key), 'must be a comma-separated list of 32-byte keys in base64'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'must be an http(s) URL'),
    S3_BUCKET: optionalText.refine(
      (s) => s === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s),
      'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    ),
    S3_REGION: z
      .string()
      .trim()
      .optional()
      .transform((s) => s || 'us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** auto: readable lines on a terminal, JSON when stdout is a file or a pipe; json or readable force one. */
    LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  })
  .superRefine((e, ctx) => {
    // Object storage is on when S3_BUCKET is set; the other settings alone would silently store files locally.
    if (!e.S3_BUCKET) {
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (e[name])
          ctx.addIssue({
            code: 'custom',
            path: ['S3_BUCKET'],
            message: `must be set when ${name} is (or unset ${name} to keep files in DATA_DIR)`,
          });
      }
    }
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
      const unset = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [unset], message: 'must be set together with the other S3 key' });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  publicUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  uploadMaxBytes: number;
  /** Orders one address may place per minute. */
  orderRateLimit: number;
  /** Buyers' live status streams open at once on this instance, per order and per client address. */
  statusStreams: { perOrder: number; perAddress: number };
  /** Event-loop lag above which new requests are shed with 503 (0: never). */
  maxEventLoopDelayMs: number;
  /** Stored files with no row are removed once older than this (start-up and every few minutes). */
  uploadOrphanAgeSeconds: number;
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** Screenshot checks: a receipt older than this before its order does not match. */
  receiptMaxAgeHours: number;
  /** A payment notice can confirm orders placed this many minutes before or after the payment (modules/payment-phones). */
  paymentMatchWindowMinutes: number;
  /** Screenshot checks run at once on this instance (each in a process of its own, image-sandbox.ts). */
  checkWorkers: number;
  /** CPU seconds one attempt's image work may use (its wall-clock limit is four times this); then it is killed. */
  checkTimeLimitSeconds: number;
  /** Resident memory one check process may reach before it is killed. */
  checkMemoryMb: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Where uploaded images live: DATA_DIR (one instance, or a shared volume), or a bucket every instance shares. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  logFormat: LogFormat;
  /** Web Push keys of staff alerts (VAPID): from the environment, or generated once into DATA_DIR. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * AES-256-GCM keys of the code stock (modules/code-stock): `current` encrypts, `previous` only decrypt until the
   * start-up re-encryption has moved every code to `current` (docs/decisions, code stock encryption).
   */
  codeKeys: { current: Buffer; previous: Buffer[] };
};

export class ConfigError extends Error {}

/** Parses `env`; throws ConfigError naming every bad variable. Creates DATA_DIR and the JWT secret file when needed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.db')}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    dialect: /^postgres(ql)?:/.test(databaseUrl) ? 'postgres' : 'sqlite',
    publicUrl: e.PUBLIC_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins: e.CORS_ORIGINS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    orderRateLimit: e.ORDER_RATE_LIMIT,
    statusStreams: { perOrder: e.STATUS_STREAMS_PER_ORDER, perAddress: e.STATUS_STREAMS_PER_ADDRESS },
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    uploadOrphanAgeSeconds: e.UPLOAD_ORPHAN_AGE_SECONDS,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    receiptMaxAgeHours: e.RECEIPT_MAX_AGE_HOURS,
    paymentMatchWindowMinutes: e.PAYMENT_MATCH_WINDOW_MINUTES,
    checkWorkers: e.CHECK_WORKERS ?? defaultCheckWorkers(),
    checkTimeLimitSeconds: e.CHECK_TIME_LIMIT_SECONDS,
    checkMemoryMb: e.CHECK_MEMORY_MB,
    logLevel: e.LOG_LEVEL,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local' },
    logFormat: e.LOG_FORMAT,
    vapid: vapidKeys(e, dataDir),
    codeKeys: {
      current: e.CODE_STOCK_KEY ? Buffer.from(e.CODE_STOCK_KEY, 'base64') : persistedCodeKey(dataDir),
      previous: e.CODE_STOCK_PREVIOUS_KEYS.map((k) => Buffer.from(k, 'base64')),
    },
  };
}

function isBase64Key(s: string): boolean {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(s) && Buffer.from(s, 'base64').length === 32;
}

/**
 * The code stock's key, generated once into DATA_DIR/code-stock.key ('wx': two instances starting at once on one
 * DATA_DIR end up with one key). Instances on separate machines must share CODE_STOCK_KEY through the environment.
 */
function persistedCodeKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'code-stock.key');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!isBase64Key(text)) {
    throw new ConfigError(
      `Invalid configuration:\n  CODE_STOCK_KEY: unset, and ${file} holds no 32-byte base64 key (restore it from a backup: the codes in stock can't be read without it)`,
    );
  }
  return Buffer.from(text, 'base64');
}

function isBase64Url(s: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(s) && Buffer.from(s, 'base64url').length === bytes;
}

/**
 * Both keys from the environment, or neither: then a pair generated once into DATA_DIR/vapid-keys.json, so devices
 * subscribed before a restart still receive alerts. Instances on separate machines sharing one database must be given
 * the same pair through the environment (a device subscribed with one key is refused by its push service under another).
 */
function vapidKeys(e: z.infer<typeof EnvSchema>, dataDir: string): Config['vapid'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  // Push services want a way to reach whoever runs the sender; the shop's public https address serves.
  const subject = e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : `mailto:${e.ADMIN_EMAIL ?? 'admin@localhost'}`);
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  const file = path.join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    // The private key is a 32-byte number that Node gives without its leading zero bytes (1 key in 256 is shorter):
    // padded back, or that shop would refuse to start.
    const secret = ecdh.getPrivateKey();
    const privateKey = Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url');
    const pair = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey };
    // Written whole under a name of its own, then linked into place (fails if the file exists): two instances
    // starting at once on one DATA_DIR end up with one pair, and neither ever reads a half-written file.
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    writeFileSync(temporary, JSON.stringify(pair), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temporary);
    }
  }
  let stored: { publicKey?: unknown; privateKey?: unknown } = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  } catch {
    // reported below
  }
  const { publicKey, privateKey } = stored;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || !isBase64Url(publicKey, 65) || !isBase64Url(privateKey, 32)) {
    throw new ConfigError(
      `Invalid configuration:\n  VAPID_PUBLIC_KEY: unset, and ${file} holds no valid key pair (delete it to generate one; devices then subscribe again)`,
    );
  }
  return { publicKey, privateKey, subject };
}

/**
 * One OCR worker per core but one: the core left over keeps the event loop (placing orders) served; OCR threads run
 * at the lowest priority anyway (docs/decisions/0038). At least one.
 */
export function defaultCheckWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Generated once and kept in DATA_DIR so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      // 'wx': two instances starting at once on one DATA_DIR must end up with the same secret, not one each.
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  // An emptied or truncated file would otherwise sign every token with a guessable key.
  if (secret.length < 32) {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: unset, and ${file} holds fewer than 32 characters (delete it to generate a new secret)`,
    );
  }
  return secret;
}
