// /health/live and /health/ready, readiness refused (without failing other routes) when Redis is down or the upload
// bucket is gone, and load shedding with 503 + Retry-After when the event loop lags.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MSG, textOf } from '@topup/contract/messages';
import { buildApp } from '../src/app.ts';
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { loadConfig } from '../src/config.ts';
import { sharedS3Peer } from './s3-peer.ts';
import { body, buildTestApp, STORAGE } from './helpers.ts';

describe('health', () => {
  it('answers live and ready with each check, and keeps /healthz', async () => {
    const t = await buildTestApp();
    try {
      const live = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(body(live).payLoad).toEqual({ status: 'live' });
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(body<{ ready: boolean; checks: Record<string, { ok: boolean }> }>(ready).payLoad).toMatchObject({
        ready: true,
        checks: { database: { ok: true }, disk: { ok: true }, storage: { ok: true } },
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it.runIf(STORAGE === 's3')('refuses readiness when the upload bucket is gone, naming it, while the catalog answers', async () => {
    const t = await buildTestApp();
    try {
      const s3 = t.config.storage;
      if (s3.kind !== 's3') throw new Error('expected a bucket');
      const peer = await sharedS3Peer();
      for await (const page of t.app.ctx.media.storage.listOlderThan('public', Number.POSITIVE_INFINITY)) {
        for (const e of page) await t.app.ctx.media.storage.remove('public', e.name);
      }
      // The probe object goes too: the bucket must be empty to be deleted.
      const probes = await peer.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      for (const o of probes.Contents ?? []) await peer.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: o.Key }));
      await peer.client.send(new DeleteBucketCommand({ Bucket: s3.bucket }));
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      const checks = body<{ checks: Record<string, { ok: boolean; detail?: string }> }>(ready).payLoad.checks;
      expect(checks).toMatchObject({ storage: { ok: false }, database: { ok: true } });
      expect(checks.storage!.detail).toBe(`bucket ${s3.bucket} at ${s3.endpoint}: no such bucket (create it first)`);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/Game' })).statusCode).toBe(200);
      await peer.createBucket(s3.bucket); // for the probe's removal at close
    } finally {
      await t.close();
    }
  });

  it('refuses readiness when Redis is down, while the shop keeps answering', async () => {
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(body<{ checks: Record<string, { ok: boolean }> }>(ready).payLoad.checks).toMatchObject({
        redis: { ok: false },
        database: { ok: true },
      });
      // No 5xx storm: the catalog answers, and the order limit lets a request through to validation.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/Game' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/Login',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 20_000);

  // Storage plays no part here: once, on the local folder (the suite also runs with TEST_STORAGE=s3).
  it.runIf(STORAGE === 'local')(
    'sheds load with 503 and Retry-After while the event loop lags, and answers liveness all the same',
    async () => {
      // Built directly: the helper signs in at once, while start-up work may still count as lag.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'topup-pressure-'));
      const app = await buildApp(loadConfig({ DATA_DIR: dataDir, MAX_EVENT_LOOP_DELAY_MS: '100', LOG_LEVEL: 'silent' }), {
        logger: false,
        webDir: path.join(dataDir, 'no-web'),
        pressureSampleIntervalMs: 100,
      });
      try {
        await app.ready();
        // Start-up work (migrations, seeding, check workers starting) can itself count as lag on a busy machine: wait
        // until it has passed and requests are served.
        const served = Date.now() + 10_000;
        let status = 0;
        while ((status = (await app.inject({ method: 'GET', url: '/api/v1/Game' })).statusCode) !== 200 && Date.now() < served)
          await sleep(100);
        expect(status).toBe(200);
        // The lag is seen at the next sample (every 100 ms here) and shed until the one after. Which of two overdue
        // timers runs first after a blocked loop is up to Node, so a busy machine gets up to three tries.
        let shed = await app.inject({ method: 'GET', url: '/health/live' });
        for (let attempt = 0; attempt < 3 && shed.statusCode !== 503; attempt++) {
          const until = Date.now() + 1200;
          while (Date.now() < until) {
            // block the event loop, as a flood of work would
          }
          await sleep(15);
          shed = await app.inject({ method: 'GET', url: '/api/v1/Game' });
        }
        expect(shed.statusCode).toBe(503);
        expect(shed.headers['retry-after']).toBe('5');
        expect(shed.json()).toMatchObject({ statusCode: 503, message: textOf(MSG.overloaded), payLoad: null, payLoadList: null });
        expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
        // Once the loop is idle again, requests are served.
        await sleep(200);
        expect((await app.inject({ method: 'GET', url: '/api/v1/Game' })).statusCode).toBe(200);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    20_000,
  );
});
