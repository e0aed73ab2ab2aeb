// VAPID keys of staff alerts: from the environment (both or neither), else generated once into DATA_DIR and kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'topup-vapid-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('VAPID configuration', () => {
  it('generates a pair once into DATA_DIR and reads the same pair after a restart', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
    expect(first.subject).toBe('mailto:admin@localhost');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://shop.example' }).vapid.subject).toBe('https://shop.example');
  });

  it('takes a pair from the environment, and refuses half a pair or a malformed key', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = {
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:owner@shop.example',
    };
    expect(loadConfig(env).vapid).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:owner@shop.example' });
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: '' })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'http://shop.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('refuses a damaged key file instead of signing with nothing', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey":"x"}');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
  });
});
