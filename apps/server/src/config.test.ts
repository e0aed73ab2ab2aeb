// loadConfig: a bad variable stops start-up with its name; an unset JWT secret is generated once and kept in DATA_DIR.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'topup-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['PUBLIC_URL', 'ftp://shop'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['JWT_SECRET', 'too-short'],
    ['SEED_DEMO', 'maybe'],
    ['CORS_ORIGINS', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['STATUS_STREAMS_PER_ORDER', '0'],
    ['STATUS_STREAMS_PER_ADDRESS', 'many'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_BUCKET', 'Shop_Uploads'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
  ])('refuses %s=%s, naming it', (name, value) => {
    const err = errorOf({ [name]: value });
    expect(err.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    // Secrets are never echoed back into logs.
    if (name === 'ADMIN_PASSWORD' || name === 'JWT_SECRET') expect(err.message).not.toContain(value);
  });

  it('stores uploads in DATA_DIR unless S3_BUCKET is set, and refuses half an S3 set-up', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        S3_BUCKET: 'shop-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, credentials from the environment's own chain (an instance role).
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'shop', S3_REGION: 'eu-west-1' }).storage).toMatchObject({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-west-1',
      accessKeyId: undefined,
    });

    // An endpoint without a bucket would silently keep files on this instance's disk.
    expect(errorOf({ S3_ENDPOINT: 'http://minio:9000' }).message).toMatch(/^\s+S3_BUCKET: must be set when S3_ENDPOINT is/m);
    const half = errorOf({ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' });
    expect(half.message).toMatch(/^\s+S3_SECRET_ACCESS_KEY: must be set together/m);
  });

  it('names every bad variable at once', () => {
    const err = errorOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', UPLOAD_MAX_BYTES: '-1' });
    for (const name of ['PORT', 'DATABASE_URL', 'UPLOAD_MAX_BYTES']) expect(err.message).toContain(`${name}:`);
  });

  it('has working defaults: SQLite in DATA_DIR, port 3000, 5 MB uploads', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dialect: 'sqlite',
      databaseUrl: `sqlite:${path.join(dataDir, 'shop.db')}`,
      uploadMaxBytes: 5 * 1024 * 1024,
      seedDemo: true,
      corsOrigins: [],
      publicUrl: undefined,
      statusStreams: { perOrder: 5, perAddress: 50 },
    });
    // One check process per core but one, at least one; CHECK_WORKERS overrides, up to every core.
    expect(config.checkWorkers).toBe(Math.max(1, os.availableParallelism() - 1));
    const cores = os.availableParallelism();
    expect(loadConfig({ DATA_DIR: dataDir, CHECK_WORKERS: String(cores) }).checkWorkers).toBe(cores);
    expect(() => loadConfig({ DATA_DIR: dataDir, CHECK_WORKERS: String(cores + 1) })).toThrow(/CHECK_WORKERS/);
    expect(config).toMatchObject({ checkTimeLimitSeconds: 30, checkMemoryMb: 1024 });
    expect(() => loadConfig({ DATA_DIR: dataDir, CHECK_MEMORY_MB: '64' })).toThrow(/CHECK_MEMORY_MB/);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db:5432/shop' }).dialect).toBe('postgres');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
  });

  it('generates a JWT secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('refuses a kept secret that was emptied or truncated, naming JWT_SECRET', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), '\n');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/JWT_SECRET: /);
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
  });

  it('uses JWT_SECRET when given, and writes no file', () => {
    const dataDir = tempDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });
});

describe('Web Push keys generated into DATA_DIR', () => {
  it('always makes a pair the shop can start with (a private key with leading zero bytes included)', () => {
    // About 1 key in 256 has a leading zero byte; 1,000 fresh shops meet one with a chance of 98 %.
    for (let i = 0; i < 1000; i++) {
      const dir = tempDir();
      const { vapid } = loadConfig({ DATA_DIR: dir });
      expect(Buffer.from(vapid.privateKey, 'base64url')).toHaveLength(32);
      expect(Buffer.from(vapid.publicKey, 'base64url')).toHaveLength(65);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the pair across starts', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(loadConfig({ DATA_DIR: dir }).vapid);
  });
});
