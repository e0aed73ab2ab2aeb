// Found by hostile testing: after a SIGKILL mid-orders, screenshot files (and .tmp files) stayed with no order, forever.
// Here the crash's leftovers are made by hand (a stored screenshot whose insert never ran, a half-written temp file)
// and a restart on the same data must remove them, while every file a row points at stays.
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, png, putShopSettings, shopSettingsFields, type TestApp } from '../../../test/helpers.ts';
import { createCatalog, orderFields, placeOrder } from '../orders/orders.fixtures.ts';
import { sweepOrphanFiles } from './file-sweep.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ORDER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const privateDir = () => path.join(t.dataDir, 'private', 'screenshots');
const publicDir = () => path.join(t.dataDir, 'uploads');

function leftover(dir: string, name: string, ageMs: number) {
  const file = path.join(dir, name);
  writeFileSync(file, 'left by a crash');
  const then = (Date.now() - ageMs) / 1000;
  utimesSync(file, then, then);
  return name;
}

it('removes files with no row at start-up once older than the age limit, and keeps every referenced one', async () => {
  const { packageId } = await createCatalog(t);
  const placed = await placeOrder(t, orderFields(packageId));
  expect(placed.statusCode).toBe(201);
  const kept = readdirSync(privateDir());
  expect(kept).toHaveLength(1);
  // Make the referenced screenshot old too: age alone must never remove a file a row points at.
  utimesSync(path.join(privateDir(), kept[0]!), new Date(0), new Date(0));

  const orphan = leftover(privateDir(), `${randomUUID()}.png`, 120_000);
  const temp = leftover(privateDir(), `${randomUUID()}.png.tmp`, 120_000);
  const fresh = leftover(privateDir(), `${randomUUID()}.png`, 1_000); // may belong to a request about to commit
  const publicOrphan = leftover(publicDir(), `${randomUUID()}.webp`, 120_000);
  const variantDir = path.join(publicDir(), '.variants', `${randomUUID()}.webp`);
  mkdirSync(variantDir, { recursive: true });
  leftover(variantDir, '320.webp', 120_000);
  utimesSync(variantDir, new Date(0), new Date(0));

  await t.stop();
  const restarted = await buildTestApp({ ORDER_RATE_LIMIT: '1000' }, { shareWith: t });
  try {
    const files = readdirSync(privateDir());
    expect(files).toContain(kept[0]);
    expect(files).toContain(fresh);
    expect(files).not.toContain(orphan);
    expect(files).not.toContain(temp);
    expect(readdirSync(publicDir())).not.toContain(publicOrphan);
    expect(readdirSync(path.join(publicDir(), '.variants'))).toEqual([]);
    // The screenshot is still served to the admin after the sweep.
    const order = await restarted.app.inject({ method: 'GET', url: `/api/v1/Order/${placed.json().payLoad.id}`, headers: restarted.auth });
    const shot = await restarted.app.inject({ method: 'GET', url: order.json().payLoad.screenShot });
    expect(shot.statusCode).toBe(200);

    // Once old enough, the fresh orphan goes too.
    const result = await sweepOrphanFiles(restarted.app.ctx.db, restarted.app.ctx.media.storage, 60_000, Date.now() + 120_000);
    expect(result.screenshots).toBe(1);
    expect(readdirSync(privateDir())).toEqual(kept);
  } finally {
    await restarted.stop();
  }
});

it("keeps the shop's logo (shop settings), however old", async () => {
  const app = await buildTestApp();
  try {
    const saved = await putShopSettings(app.app, app.auth, shopSettingsFields(), { file_Logo: { data: await png() } });
    expect(saved.statusCode).toBe(200);
    const name = path.basename(saved.json().payLoad.logo as string);
    const dir = path.join(app.dataDir, 'uploads');
    utimesSync(path.join(dir, name), new Date(0), new Date(0));
    const result = await sweepOrphanFiles(app.app.ctx.db, app.app.ctx.media.storage, 60_000);
    expect(result.publicImages).toBe(0);
    expect(readdirSync(dir)).toContain(name);
  } finally {
    await app.close();
  }
});
