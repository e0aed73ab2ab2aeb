// The file storage's contract, on the backend the run asks for: the local folder, or with TEST_STORAGE=s3 a bucket of a
// local s3rver (test/s3-peer.ts). Both must behave the same for every caller: bytes in, bytes out, names it made only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { STORAGE } from '../../test/helpers.ts';
import { sharedS3Peer } from '../../test/s3-peer.ts';
import { createFileStorage } from './create-storage.ts';
import type { FileStorage } from './file-storage.ts';

let storage: FileStorage;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-storage-'));
  let env: Record<string, string> = {};
  if (STORAGE === 's3') {
    const peer = await sharedS3Peer();
    env = peer.env(await peer.createBucket());
  }
  storage = (await createFileStorage(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env }))).storage;
});
afterAll(() => {
  storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);

describe(`file storage (${STORAGE})`, () => {
  it('is the backend the configuration names', () => {
    expect(storage.kind).toBe(STORAGE);
  });

  it('saves under a new name, reads the same bytes back, keeps the buckets apart', async () => {
    const name = await storage.save('private', bytes('screenshot'), 'png');
    expect(name).toMatch(/^[a-f0-9-]{36}\.png$/);
    expect((await storage.read('private', name))?.toString()).toBe('screenshot');
    expect(await storage.read('public', name)).toBeNull();
    const other = await storage.save('private', bytes('screenshot'), 'png');
    expect(other).not.toBe(name);
  });

  it('overwrites in place and removes, a missing file being no error', async () => {
    const name = await storage.save('public', bytes('old'), 'webp');
    await storage.overwrite('public', name, bytes('new'));
    expect((await storage.read('public', name))?.toString()).toBe('new');
    await storage.remove('public', name);
    expect(await storage.read('public', name)).toBeNull();
    await storage.remove('public', name);
    await expect(storage.overwrite('public', '../jwt-secret', bytes('x'))).rejects.toThrow();
  });

  it('reads and lists only names it makes', async () => {
    for (const name of ['../jwt-secret', 'jwt-secret', '.variants', 'x.png', `${'a'.repeat(36)}.svg`]) {
      expect(await storage.read('public', name), name).toBeNull();
    }
  });

  it('lists what was written before a time, in pages', async () => {
    const before = Date.now();
    const names = [];
    for (let i = 0; i < 3; i++) names.push(await storage.save('private', bytes(`n${i}`), 'jpg'));
    const listed = async (time: number) => {
      const all: string[] = [];
      for await (const page of storage.listOlderThan('private', time)) all.push(...page.map((e) => e.name));
      return all;
    };
    const later = await listed(Date.now() + 2_000);
    for (const name of names) expect(later).toContain(name);
    // S3 keeps modification times to the second: anything written from a second before `before` may show.
    const earlier = await listed(before - 1_000);
    for (const name of names) expect(earlier).not.toContain(name);
  });

  it('writes, reads back and removes a probe outside both buckets', async () => {
    const probe = '00000000-0000-4000-8000-000000000001.json';
    await storage.writeProbe(probe, bytes('{"token":"t"}'));
    expect((await storage.readProbe(probe))?.toString()).toBe('{"token":"t"}');
    expect(await storage.read('public', probe)).toBeNull();
    await storage.writeProbe(probe, null);
    expect(await storage.readProbe(probe)).toBeNull();
    expect(await storage.ping()).toBeUndefined();
  });
});
