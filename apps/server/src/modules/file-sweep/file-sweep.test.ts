// Found by hostile testing: after a SIGKILL mid-orders, screenshot files (and .tmp files) stayed with no order, forever.
// Here the crash's leftovers are made by hand (a stored screenshot whose insert never ran, a half-written temp file)
// and a restart on the same data must remove them, while every file a row points at stays. Runs on the local folder
// and, with TEST_STORAGE=s3, on a bucket of a local s3rver.
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, png, putShopSettings, shopSettingsFields, storedNames, STORAGE, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { sweepOrphanFiles } from './file-sweep.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const sweep = (app: TestApp, now?: number) =>
  sweepOrphanFiles(app.app.ctx.db, app.app.ctx.media.storage, app.app.ctx.media.variants, 60_000, now);

function leftover(dir: string, name: string, ageMs: number) {
  const file = path.join(dir, name);
  writeFileSync(file, 'left by a crash');
  const then = (Date.now() - ageMs) / 1000;
  utimesSync(file, then, then);
  return name;
}

it('removes stored files with no row at start-up, and keeps every referenced one', async () => {
  const { packageId } = await createCatalog(t);
  const placed = await placeOrder(t, orderFields(packageId));
  expect(placed.statusCode).toBe(201);
  const kept = await storedNames(t, 'private');
  expect(kept).toHaveLength(1);

  // A crash between storing and inserting: files no row points at, in both buckets.
  const storage = t.app.ctx.media.storage;
  const orphan = await storage.save('private', await png(), 'png');
  const publicOrphan = await storage.save('public', await png(), 'png');
  // A resized copy of an image that is gone, half-made.
  const variantDir = path.join(t.app.ctx.media.variants.root, `${randomUUID()}.webp`);
  mkdirSync(variantDir, { recursive: true });
  leftover(variantDir, '320.webp', 120_000);
  utimesSync(variantDir, new Date(0), new Date(0));

  await t.stop();
  // Age limit 0: everything is old enough for the restart's sweep. The age rule itself is tested below.
  const restarted = await buildTestApp({ ORDER_RATE_LIMIT: '1000', UPLOAD_ORPHAN_AGE_SECONDS: '0' }, { shareWith: t });
  try {
    expect(await storedNames(restarted, 'private')).toEqual(kept);
    expect(await storedNames(restarted, 'public')).not.toContain(publicOrphan);
    expect(await storedNames(restarted, 'private')).not.toContain(orphan);
    expect(readdirSync(restarted.app.ctx.media.variants.root)).toEqual([]);
    // The screenshot is still served to the admin after the sweep.
    const order = await restarted.app.inject({ method: 'GET', url: `/api/v1/Order/${placed.json().payLoad.id}`, headers: restarted.auth });
    const shot = await restarted.app.inject({ method: 'GET', url: order.json().payLoad.screenShot });
    expect(shot.statusCode).toBe(200);
  } finally {
    await restarted.stop();
  }
});

it('leaves a file younger than the age limit (a request about to commit its row), and removes it once old', async () => {
  const storage = t.app.ctx.media.storage;
  const app = await buildTestApp({ ORDER_RATE_LIMIT: '1000' }, { shareWith: t });
  try {
    const fresh = await app.app.ctx.media.storage.save('private', await png(), 'png');
    expect((await sweep(app)).screenshots).toBe(0);
    expect(await storedNames(app, 'private')).toContain(fresh);
    const result = await sweep(app, Date.now() + 120_000);
    expect(result.screenshots).toBe(1);
    expect(await storedNames(app, 'private')).not.toContain(fresh);
    expect(await storedNames(app, 'private')).toHaveLength(1); // the order's screenshot, however old
  } finally {
    await app.stop();
  }
  expect(storage.kind).toBe(STORAGE);
});

it.runIf(STORAGE === 'local')('removes temp files of interrupted writes once old', async () => {
  const app = await buildTestApp({ ORDER_RATE_LIMIT: '1000' }, { shareWith: t });
  try {
    const privateDir = path.join(app.dataDir, 'private', 'screenshots');
    const old = leftover(privateDir, `${randomUUID()}.png.tmp`, 120_000);
    const young = leftover(privateDir, `${randomUUID()}.png.tmp`, 1_000);
    expect((await sweep(app)).tempFiles).toBe(1);
    expect(readdirSync(privateDir)).not.toContain(old);
    expect(readdirSync(privateDir)).toContain(young);
  } finally {
    await app.stop();
  }
});

it("keeps the shop's logo (shop settings), however old", async () => {
  const app = await buildTestApp();
  try {
    const saved = await putShopSettings(app.app, app.auth, shopSettingsFields(), { file_Logo: { data: await png() } });
    expect(saved.statusCode).toBe(200);
    const name = path.basename(saved.json().payLoad.logo as string);
    const result = await sweep(app, Date.now() + 365 * 86_400_000);
    expect(result.publicImages).toBe(0);
    expect(await storedNames(app, 'public')).toContain(name);
  } finally {
    await app.close();
  }
});
