// The start-up storage probe on one database: an instance with a data folder of its own beside a running one refuses
// to start; a crashed instance stops counting once its row is stale; a running instance logs an instance whose probe
// it can't see. Ages are measured on a clock the test sets (`clock`), and heartbeats are run by the test, so nothing
// here depends on how fast the machine is. (Two instances on PostgreSQL and one bucket: test/shared-storage.test.ts.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { StorageProbeError } from './storage-probe.ts';

const lines: Array<Record<string, unknown>> = [];
/** The time every instance of this file sees, in epoch ms: moved by the tests only. */
let clock = Date.parse('2026-03-01T12:00:00.000Z');
const now = () => clock;
const iso = (ms: number) => new Date(ms).toISOString();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: 'warn' },
    // The timer's heartbeat is out of the way (an hour): the tests run each heartbeat themselves; a row is live for 3 min.
    {
      build: {
        logger: true,
        logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
        storageProbe: { heartbeatMs: 3_600_000, liveMs: 180_000, now },
      },
    },
  );
});
const probeOptions = { storageProbe: { heartbeatMs: 3_600_000, liveMs: 180_000, now } };
afterAll(() => t.close());

const row = (id: string, seen: string) => ({
  instance_id: id,
  token: 'x',
  host: 'gone',
  storage: '/elsewhere',
  started_at: seen,
  seen_at: seen,
});

const refusal = (app: Promise<TestApp>) =>
  app.then(
    async (started) => {
      await started.close();
      return null;
    },
    (err: unknown) => err,
  );

it('records the running instance, and removes its row and probe when it closes', async () => {
  const rows = await t.app.ctx.db.selectFrom('storage_probes').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.storage).toBe(t.app.ctx.media.storage.where);
  const second = await buildTestApp({}, { shareWith: t, build: probeOptions });
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(2);
  await second.close();
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(1);
});

it('refuses an instance with a data folder of its own beside a running one, naming both folders', async () => {
  const err = await refusal(buildTestApp({}, { shareWith: t, ownDataDir: true, build: probeOptions }));
  expect(err).toBeInstanceOf(StorageProbeError);
  expect((err as Error).message).toContain(`stores uploads in ${t.dataDir}`);
  expect((err as Error).message).toContain('its probe file is missing here');
  // Nothing of the refused instance is left behind.
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(1);
});

it('ignores an instance not seen for minutes (it crashed) at start', async () => {
  const crashed = randomUUID();
  const minutes = iso(clock - 10 * 60_000);
  await t.app.ctx.db.insertInto('storage_probes').values(row(crashed, minutes)).execute();
  const err = await refusal(buildTestApp({}, { shareWith: t, ownDataDir: true, storage: 'local', build: probeOptions }));
  // `t` is still running and its probe is not in the new folder: refused for `t`, not for the stale row.
  expect(err).toBeInstanceOf(StorageProbeError);
  expect((err as Error).message).toContain(t.app.ctx.storageProbe.instanceId);
  expect((err as Error).message).not.toContain(crashed);
  await t.app.ctx.db.deleteFrom('storage_probes').where('instance_id', '=', crashed).execute();
});

it('forgets an instance gone for a day, and keeps one gone for minutes, at the next heartbeat', async () => {
  const crashed = randomUUID();
  const ancient = randomUUID();
  await t.app.ctx.db
    .insertInto('storage_probes')
    .values([row(crashed, iso(clock - 10 * 60_000)), row(ancient, iso(clock - 24 * 3_600_000 - 1_000))])
    .execute();
  await t.app.ctx.storageProbe.beat();
  const ids = (await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).map((r) => r.instance_id);
  expect(ids).toContain(crashed);
  expect(ids).not.toContain(ancient);
  // A day later by the same clock the crashed one goes too, while the running instance, refreshed, stays.
  clock += 24 * 3_600_000;
  await t.app.ctx.storageProbe.beat();
  expect((await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).map((r) => r.instance_id)).toEqual([
    t.app.ctx.storageProbe.instanceId,
  ]);
});

it('logs, while running, a newcomer whose probe it does not see', async () => {
  const stranger = randomUUID();
  const seen = iso(clock);
  await t.app.ctx.db
    .insertInto('storage_probes')
    .values({ instance_id: stranger, token: 'y', host: 'app-9', storage: '/srv/other', started_at: seen, seen_at: seen })
    .execute();
  await t.app.ctx.storageProbe.beat();
  const logged = lines.filter((l) => l.level === 50 && String(l.msg).includes(stranger));
  expect(logged).toHaveLength(1);
  expect(logged[0]!.msg).toMatch(/uploads are not shared with another instance: instance \S+ on app-9 stores uploads in \/srv\/other/);
  await t.app.ctx.storageProbe.beat(); // reported once, not at every heartbeat
  expect(lines.filter((l) => l.level === 50 && String(l.msg).includes(stranger))).toHaveLength(1);
  await t.app.ctx.db.deleteFrom('storage_probes').where('instance_id', '=', stranger).execute();
});
