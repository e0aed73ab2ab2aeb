// Several instances on one PostgreSQL database. With one bucket (a local s3rver, the S3-compatible peer of this test;
// nothing mocked), a screenshot placed on one instance is shown and checked by the other, each with a data folder of
// its own. With a data folder each and no bucket, the second instance refuses to start and says why, instead of
// failing checks one by one ("the screenshot file is missing"). The text reader is a stand-in (OCR costs seconds and
// is not what this suite is about): the check's reading of the file, re-encoding and fingerprint are real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@topup/contract/orders';
import { StorageProbeError } from '../src/storage/storage-probe.ts';
import { createCatalog, orderFields, placeOrder } from '../src/modules/orders/orders.fixtures.ts';
import { body, buildTestApp, png, readStored, type TestApp } from './helpers.ts';

const blankReader = { read: async () => '', close: async () => undefined };

describe('two instances sharing one bucket', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A places orders and checks none; B checks them, with its own DATA_DIR: the bucket is all they share.
    a = await buildTestApp({}, { dialect: 'postgres', storage: 's3', build: { verification: { paused: true } } });
    b = await buildTestApp({}, { shareWith: a, ownDataDir: true, build: { verification: { reader: blankReader, pollMs: 100 } } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('checks on one instance every screenshot placed on the other, and shows it there', async () => {
    expect(b.dataDir).not.toBe(a.dataDir);
    expect(b.app.ctx.media.storage.kind).toBe('s3');
    const { packageId } = await createCatalog(a);
    const placed: OrderDto[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await placeOrder(a, orderFields(packageId, { transactionNumber: String(100000 + i) }), {
        file_ScreenShot: { data: await png(80 + i, 160, '#' + (0x203040 + i * 0x0a0b0c).toString(16)) },
      });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(body<OrderDto>(res).payLoad);
    }

    // B serves A's screenshot through the signed URL A made.
    const name = placed[0]!.screenShot!.split('?')[0]!.split('/').pop()!;
    const shown = await b.app.inject({ method: 'GET', url: placed[0]!.screenShot! });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(await readStored(a, 'private', name))).toBe(true);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const checks = await a.app.ctx.db.selectFrom('order_checks').select(['order_id', 'state', 'error', 'cleaned']).execute();
      if (checks.length === 10 && checks.every((c) => c.state !== 'queued')) {
        // Read, re-encoded and fingerprinted by B: never "the screenshot file is missing".
        expect(checks.map((c) => [c.state, c.error, c.cleaned])).toEqual(Array(10).fill(['done', null, 1]));
        break;
      }
      if (Date.now() > deadline) throw new Error(`checks unfinished: ${JSON.stringify(checks)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const verdicts = await a.app.ctx.db.selectFrom('orders').select('verdict').execute();
    expect(verdicts.map((o) => o.verdict)).toEqual(Array(10).fill('unreadable'));
  }, 90_000);

  it('refuses to start an instance that keeps uploads in its own folder beside them, naming both places', async () => {
    const refused = await buildTestApp({}, { shareWith: a, ownDataDir: true, storage: 'local' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StorageProbeError);
    const message = (refused as Error).message;
    expect(message).toContain('does not see the files of the instances already running');
    expect(message).toContain(a.app.ctx.media.storage.where);
    expect(message).toContain('S3_');
  });
});

describe('two instances with a data folder each and no bucket', () => {
  it('refuses the second, and starts it once it shares the first one’s folder', async () => {
    const first = await buildTestApp({}, { dialect: 'postgres', storage: 'local' });
    try {
      const refused = await buildTestApp({}, { shareWith: first, ownDataDir: true }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(StorageProbeError);
      expect((refused as Error).message).toContain(first.dataDir);

      const sharing = await buildTestApp({}, { shareWith: first });
      await sharing.close();
    } finally {
      await first.close();
    }
    // The first one closed cleanly and took its probe with it: nobody is left to disagree with.
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const refused = await buildTestApp({ S3_BUCKET: 'no-such-bucket-here' }, { dialect: 'postgres', storage: 's3' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(StorageProbeError);
    expect((refused as Error).message).toMatch(/no-such-bucket-here.*(bucket does not exist|NoSuchBucket)/s);
  });
});
