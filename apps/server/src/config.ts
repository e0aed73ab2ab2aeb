// Reads and checks the environment once at start-up; a bad value stops the process with its name.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^(postgres|postgresql|sqlite|file):/, 'must be postgres://…, sqlite:… or file:…'),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'must be an http(s) URL')
    .transform((s) => s?.replace(/\/+$/, '')),
  ADMIN_EMAIL: z.string().trim().optional().transform((s) => s || undefined).pipe(z.email().optional()),
  ADMIN_PASSWORD: z.string().optional().transform((s) => s || undefined).pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: bool.default(true),
  JWT_SECRET: z.string().optional().transform((s) => s || undefined).pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be smtp://… or smtps://…'),
  MAIL_FROM: z.string().trim().default('Top-up Shop <no-reply@localhost>'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every((o) => o === '*' || URL.canParse(o)), 'must be a comma-separated list of origins')
    // Browsers send `Origin` as scheme://host[:port]; a listed `https://shop.example/` must match it.
    .transform((list) => list.map((o) => (o === '*' ? o : new URL(o).origin))),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(10_000).max(50 * 1024 * 1024).default(5 * 1024 * 1024),
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  STATUS_STREAMS_PER_ORDER: z.coerce.number().int().min(1).max(100_000).default(5),
  STATUS_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  UPLOAD_ORPHAN_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be redis://…'),
  TRUST_PROXY: bool.default(false),
  RECEIPT_MAX_AGE_HOURS: z.coerce.number().min(0.25).max(24 * 30).default(24),
  PAYMENT_MATCH_WINDOW_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(120),
  CHECK_WORKERS: z.coerce.number().int().min(1).max(availableParallelism()).optional(),
  CHECK_TIME_LIMIT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  CHECK_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  };
}

/**
 * One OCR worker per core but one: the core left over keeps the event loop (placing orders) served; OCR threads run
 * at the lowest priority anyway (docs/decisions/0701). At least one.
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
    throw new ConfigError(`Invalid configuration:\n  JWT_SECRET: unset, and ${file} holds fewer than 32 characters (delete it to generate a new secret)`);
  }
  return secret;
}
