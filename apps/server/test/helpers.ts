// Test harness: a fresh app on a real database per test file (SQLite file, or a PostgreSQL schema of its own),
// a signed-in admin, and small helpers that make data through the API like a client would.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { NewOrderRow } from '../src/db/schema.ts';
import { register } from '../src/modules/auth/auth.service.ts';
import { sharedS3Peer } from './s3-peer.ts';

export const DIALECT = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';
/** Where uploads go: DATA_DIR (default), or `s3`: a bucket of its own per app on a local s3rver (test/s3-peer.ts). */
export const STORAGE = (process.env.TEST_STORAGE ?? 'local') as 'local' | 's3';
export const ADMIN = { email: 'admin@test.local', password: 'correct-horse-battery' };

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Bearer header of the admin signed in at start. */
  auth: { authorization: string };
  tokens: { accessToken: string; refreshToken: string };
  /** PostgreSQL schema of this app's database (undefined on SQLite). */
  schema: string | undefined;
  /** Closes the app only (idempotent); the data stays, e.g. for a restart on the same data. */
  stop(): Promise<void>;
  /** Closes the app and, unless it shares another app's data, removes its database and files. */
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Run on the same data dir and database as this app (a second instance, or a restart); its owner cleans up. */
  shareWith?: TestApp;
  /** Use PostgreSQL (TEST_DATABASE_URL) whatever the project's dialect, e.g. for instances sharing one database. */
  dialect?: 'sqlite' | 'postgres';
  /** Store uploads here whatever TEST_STORAGE says; a shared app keeps its owner's storage unless this is given. */
  storage?: 'local' | 's3';
  /** With `shareWith`: share the database only, with a data folder of its own (an instance on another machine). */
  ownDataDir?: boolean;
  /** `verification` unset: checks are queued but not worked (OCR costs seconds; their own suites turn it on). */
  build?: Pick<
    BuildOptions,
    | 'hub'
    | 'webDir'
    | 'pressureSampleIntervalMs'
    | 'verification'
    | 'logger'
    | 'logStream'
    | 'storageProbe'
    | 'staffAlerts'
    | 'paymentNoticeSweepMs'
  >;
};

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareWith;
  const ownDataDir = !shared || options.ownDataDir === true;
  const dataDir = ownDataDir ? mkdtempSync(path.join(os.tmpdir(), 'topup-test-')) : shared.dataDir;
  const storageEnv = await testStorageEnv(options.storage ?? (shared ? undefined : STORAGE), shared);
  let schema: string | undefined = shared?.schema;
  let databaseUrl = shared?.config.databaseUrl ?? `sqlite:${path.join(dataDir, 'test.db')}`;
  if (!shared && (options.dialect ?? DIALECT) === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await withPg(url, (c) => c.query(`create schema ${schema}`));
    databaseUrl = url;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Suites place many orders from one address; the limit itself has its own test.
    ORDER_RATE_LIMIT: '100000',
    // Load shedding has its own test (health.test.ts); a busy CI machine must not make other suites' requests 503.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...storageEnv,
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      dbSchema: schema,
      // Tests start and stop instances quickly: an instance stopped without closing is gone after a few seconds.
      storageProbe: { heartbeatMs: 1_000 },
      logger: false,
      webDir: path.join(dataDir, 'no-web'),
      verification: { paused: true },
      ...options.build,
    });
  } catch (err) {
    // Refused to start (e.g. by the storage probe): what this call made goes, the shared app's data stays.
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    if (schema && !shared) await withPg(process.env.TEST_DATABASE_URL!, (c) => c.query(`drop schema ${schema} cascade`));
    throw err;
  }
  if (!shared) await register(app.ctx, { email: ADMIN.email, password: ADMIN.password, role: 'owner' });
  const tokens = await login(app, ADMIN.email, ADMIN.password);
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= app.close().then(() => undefined));
  return {
    app,
    config,
    dataDir,
    tokens,
    schema,
    auth: { authorization: `Bearer ${tokens.accessToken}` },
    stop,
    async close() {
      await stop();
      if (shared) {
        if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
        return;
      }
      if (schema) await withPg(process.env.TEST_DATABASE_URL!, (c) => c.query(`drop schema ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The S3_* variables that point at the bucket of `config` (none when it stores in DATA_DIR). */
export function storageEnvOf(config: Config): Record<string, string> {
  const s3 = config.storage;
  if (s3.kind !== 's3') return {};
  return {
    S3_ENDPOINT: s3.endpoint ?? '',
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
  };
}

/** The S3_* variables of a new bucket on the file's s3rver, the shared app's ones, or none (DATA_DIR). */
async function testStorageEnv(storage: 'local' | 's3' | undefined, shared: TestApp | undefined): Promise<Record<string, string>> {
  if (storage === undefined) return shared ? storageEnvOf(shared.config) : {};
  if (storage === 'local') return {};
  const peer = await sharedS3Peer();
  return peer.env(await peer.createBucket());
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function login(app: FastifyInstance, email: string, password: string, ip = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/Login', payload: { email, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().payLoad as { accessToken: string; refreshToken: string };
}

export type FilePart = { data: Buffer; filename?: string; contentType?: string };

/** Encodes a multipart/form-data body by hand, so tests control every byte (names, types, duplicates). */
export function multipart(
  fields: Record<string, string | number | boolean | undefined>,
  files: Record<string, FilePart | FilePart[]> = {},
) {
  const boundary = `----topup${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  for (const [name, parts] of Object.entries(files)) {
    for (const part of Array.isArray(parts) ? parts : [parts]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename ?? 'image.png'}"\r\nContent-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG of the given size and colour. */
export function png(width = 64, height = 64, color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpeg(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff6633' } })
    .jpeg()
    .toBuffer();
}

/** Every file stored under DATA_DIR's upload folders (public and private). */
export function storedFiles(dataDir: string): string[] {
  const dirs = [path.join(dataDir, 'uploads'), path.join(dataDir, 'private', 'screenshots')];
  return dirs.flatMap((d) => {
    try {
      return readdirSync(d).map((f) => path.join(d, f));
    } catch {
      return [];
    }
  });
}

export function body<T = unknown>(
  res: LightMyRequestResponse,
): {
  statusCode: number;
  message: string;
  payLoad: T;
  payLoadList: unknown;
  code?: string;
  errors?: Record<string, string[]>;
  errorCodes?: Record<string, string[]>;
} {
  return res.json();
}

/** A complete, valid shop settings form (PUT /api/v1/ShopSettings), with `overrides` applied. */
export function shopSettingsFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    shopName: 'Golden Top-up',
    contactEmail: 'help@golden.test',
    phone: '+95 9 111 222 333',
    telegramUrl: 'https://t.me/golden',
    viberUrl: 'viber://chat?number=%2B959111222333',
    facebookUrl: 'https://www.facebook.com/golden',
    copyrightHolder: 'Golden Co.',
    timeZone: 'Asia/Yangon',
    deliveryMinutes: '5',
    ...overrides,
  };
}

export async function putShopSettings(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  const form = multipart(fields, files);
  return app.inject({ method: 'PUT', url: '/api/v1/ShopSettings', headers: { ...form.headers, ...auth }, payload: form.payload });
}

/** An active payment account with no logo: a game can go on sale only while one exists (docs/decisions/0048). */
export async function addPaymentAccount(t: Pick<TestApp, 'app' | 'auth'>, paymentName = 'KBZPay'): Promise<string> {
  const form = multipart({ paymentName, phone: '09123456789', logo: '' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/ConfigSetting',
    headers: { ...form.headers, ...t.auth },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`payment account not added: ${res.statusCode} ${res.body}`);
  return (res.json() as { payLoad: { id: string } }).payLoad.id;
}

/**
 * An order row to write straight to the table, for data the API can't make (old dates, many rows, a snapshot
 * of a package that was deleted since): a pending 1,000 MMK order of one unit, with `overrides` on top.
 */
export function orderRow(overrides: Partial<NewOrderRow> = {}): NewOrderRow {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    in_game_user_id: '123',
    server_info: '',
    mobile_number: '09123456789',
    game_id: null,
    game_title: 'G',
    package_id: null,
    package_title: 'P',
    package_unit: 1,
    package_price: 1000,
    package_currency: 'MMK',
    package_image: null,
    payment_method: 'NORMAL',
    quantity: 1,
    sub_total: 1000,
    transaction_number: '123456',
    screenshot: `${randomUUID()}.png`,
    status: 'PENDING',
    operator_id: null,
    operator_email: null,
    is_read: 0,
    created_at: now,
    updated_at: now,
    idempotency_key: null,
    ...overrides,
  };
}

/** The bytes of a stored file, read through the app's own storage (a folder or a bucket). */
export async function readStored(t: Pick<TestApp, 'app'>, bucket: 'public' | 'private', name: string): Promise<Buffer> {
  const data = await t.app.ctx.media.storage.read(bucket, name);
  if (!data) throw new Error(`no stored ${bucket} file ${name}`);
  return data;
}

/** The names stored in `bucket`, through the app's own storage (a folder or a bucket). */
export async function storedNames(t: Pick<TestApp, 'app'>, bucket: 'public' | 'private'): Promise<string[]> {
  const names: string[] = [];
  for await (const page of t.app.ctx.media.storage.listOlderThan(bucket, Number.POSITIVE_INFINITY)) names.push(...page.map((e) => e.name));
  return names.sort();
}
