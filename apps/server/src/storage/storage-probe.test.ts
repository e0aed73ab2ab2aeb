// The start-up storage probe on one SQLite database: an instance with a data folder of its own beside a running one
// refuses to start; a crashed instance stops counting once its row is stale; a running instance logs an instance whose
// probe it can't see. (Two instances on PostgreSQL and one bucket: test/shared-storage.test.ts.)
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { StorageProbeError } from './storage-probe.ts';

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: 'warn' },
    { build: { logger: true, logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }, storageProbe: { heartbeatMs: 100 } } },
  );
});
afterAll(() => t.close());

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
  const second = await buildTestApp({}, { shareWith: t });
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(2);
  await second.close();
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(1);
});

it('refuses an instance with a data folder of its own beside a running one, naming both folders', async () => {
  const err = await refusal(buildTestApp({}, { shareWith: t, ownDataDir: true }));
  expect(err).toBeInstanceOf(StorageProbeError);
  expect((err as Error).message).toContain(`stores uploads in ${t.dataDir}`);
  expect((err as Error).message).toContain('its probe file is missing here');
  // Nothing of the refused instance is left behind.
  expect(await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).toHaveLength(1);
});

it('ignores an instance not seen for minutes (it crashed), and forgets one gone for a day', async () => {
  const long = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const minutes = new Date(Date.now() - 10 * 60_000).toISOString();
  const row = (id: string, seen: string) => ({ instance_id: id, token: 'x', host: 'gone', storage: '/elsewhere', started_at: seen, seen_at: seen });
  const crashed = randomUUID();
  const ancient = randomUUID();
  await t.app.ctx.db.insertInto('storage_probes').values([row(crashed, minutes), row(ancient, long)]).execute();
  const other = await buildTestApp({}, { shareWith: t, ownDataDir: true, storage: 'local' }).catch((err: unknown) => err);
  // `t` is still running and its probe is not in the new folder: refused for `t`, not for the two stale rows.
  expect((other as Error).message).not.toContain(crashed);
  const ids = (await t.app.ctx.db.selectFrom('storage_probes').select('instance_id').execute()).map((r) => r.instance_id);
  expect(ids).toContain(crashed);
  expect(ids).not.toContain(ancient);
  await t.app.ctx.db.deleteFrom('storage_probes').where('instance_id', '=', crashed).execute();
});

it('logs, while running, a newcomer whose probe it does not see', async () => {
  const stranger = randomUUID();
  const now = new Date().toISOString();
  await t.app.ctx.db.insertInto('storage_probes').values({ instance_id: stranger, token: 'y', host: 'app-9', storage: '/srv/other', started_at: now, seen_at: now }).execute();
  const deadline = Date.now() + 5_000;
  while (!lines.some((l) => l.level === 50 && String(l.msg).includes(stranger)) && Date.now() < deadline) await sleep(50);
  const logged = lines.filter((l) => l.level === 50 && String(l.msg).includes(stranger));
  expect(logged).toHaveLength(1);
  expect(logged[0]!.msg).toMatch(/uploads are not shared with another instance: instance \S+ on app-9 stores uploads in \/srv\/other/);
  await sleep(300); // reported once, not at every heartbeat
  expect(lines.filter((l) => l.level === 50 && String(l.msg).includes(stranger))).toHaveLength(1);
  await t.app.ctx.db.deleteFrom('storage_probes').where('instance_id', '=', stranger).execute();
});
