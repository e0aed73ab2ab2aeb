// Start-up check that this instance reads the files the other instances write. Instances sharing one database but not
// one upload storage (a data folder each) work until a screenshot placed on one is checked or shown by another: then
// it is missing, order after order. So each instance, at start:
//   1. writes a probe file with a random token to the upload storage and reads it back (else it can't store anything);
//   2. records itself (instance id, token, where it stores) in the shared database;
//   3. reads the probe of every other instance seen in the last few minutes: one that is missing or differs means
//      the two do not share their files, and this instance refuses to start, naming both places.
// While running it refreshes its row every minute and checks the others again, so an instance started later on a
// store of its own is reported here too (logged; the newcomer is the one that refuses to start).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { ConfigError } from '../config.ts';
import type { FileStorage } from './file-storage.ts';

/** The instance can't use its upload storage, or doesn't share it with the instances already running. */
export class StorageProbeError extends ConfigError {}

export type StorageProbeOptions = {
  /** How often a running instance refreshes its row (and looks at the others again). */
  heartbeatMs?: number;
  /** An instance whose row was not refreshed for this long is gone: its probe is not looked for. */
  liveMs?: number;
  /** Rows (and probe files) of instances gone for this long are removed. */
  forgetMs?: number;
  /** The time, in epoch ms: every age is measured with it, so tests set the time instead of waiting for it. */
  now?: () => number;
};

export type StorageProbe = {
  instanceId: string;
  /** One heartbeat now: refresh this instance's row, look at the others, forget those gone for long. */
  beat(): Promise<void>;
  stop(): Promise<void>;
};

const PROBE_NAME = /^[a-f0-9-]{36}\.json$/;
const probeName = (instanceId: string) => `${instanceId}.json`;

type ProbeRow = { instance_id: string; token: string; host: string; storage: string; seen_at: string };

/** What another instance's probe looks like from here: null when it is there with its token. */
async function problemWith(storage: FileStorage, other: ProbeRow): Promise<string | null> {
  const name = probeName(other.instance_id);
  if (!PROBE_NAME.test(name)) return 'its probe name is not valid';
  let data: Buffer | null;
  try {
    data = await storage.readProbe(name);
  } catch (err) {
    return `its probe could not be read (${(err as Error).message})`;
  }
  if (!data) return 'its probe file is missing here';
  try {
    if ((JSON.parse(data.toString('utf8')) as { token?: string }).token === other.token) return null;
  } catch {
    // not JSON: a stranger's file
  }
  return 'its probe file here holds something else';
}

function describe(other: ProbeRow, problem: string): string {
  return `instance ${other.instance_id} on ${other.host} stores uploads in ${other.storage} (last seen ${other.seen_at}): ${problem}`;
}

export async function startStorageProbe(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  options: StorageProbeOptions = {},
): Promise<StorageProbe> {
  const heartbeatMs = options.heartbeatMs ?? 60_000;
  const liveMs = options.liveMs ?? 3 * heartbeatMs;
  const forgetMs = options.forgetMs ?? 24 * 60 * 60_000;
  const now = options.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const instanceId = randomUUID();
  const token = randomBytes(16).toString('hex');
  const host = os.hostname();
  const name = probeName(instanceId);
  const startedAt = iso(now());
  const body = Buffer.from(JSON.stringify({ instance: instanceId, host, pid: process.pid, token, storage: storage.where, startedAt }));

  // 1. This instance can write and read back.
  try {
    await storage.writeProbe(name, body);
    const back = await storage.readProbe(name);
    if (!back || !back.equals(body)) throw new Error('the file read back differs from the one written');
  } catch (err) {
    throw new StorageProbeError(
      `Upload storage ${storage.where} can't be used: writing and reading back a probe file failed: ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }

  // 2. Recorded, then 3. the others' probes looked for.
  const live = async () => {
    const since = iso(now() - liveMs);
    return db.selectFrom('storage_probes').selectAll().where('instance_id', '!=', instanceId).where('seen_at', '>=', since).execute();
  };
  const unseen = async () => {
    const problems: string[] = [];
    for (const other of await live()) {
      const problem = await problemWith(storage, other);
      if (problem) problems.push(describe(other, problem));
    }
    return problems;
  };
  const removeOwn = async () => {
    await db.deleteFrom('storage_probes').where('instance_id', '=', instanceId).execute();
    await storage.writeProbe(name, null);
  };

  await db
    .insertInto('storage_probes')
    .values({ instance_id: instanceId, token, host, storage: storage.where, started_at: startedAt, seen_at: startedAt })
    .execute();
  const problems = await unseen();
  if (problems.length > 0) {
    await removeOwn().catch(() => undefined);
    throw new StorageProbeError(
      [
        `This instance (on ${host}) stores uploads in ${storage.where} but does not see the files of the instances already running on this database:`,
        ...problems.map((p) => `  - ${p}`),
        'A screenshot placed on one of them would be missing on this one. Give every instance the same S3_* bucket, or one shared DATA_DIR volume (docs/scaling.md).',
      ].join('\n'),
    );
  }

  // Instances gone for long: their rows and probes are tidied away (best effort: another instance may do it first).
  const forget = async () => {
    const before = iso(now() - forgetMs);
    const gone = await db.selectFrom('storage_probes').select('instance_id').where('seen_at', '<', before).execute();
    for (const row of gone) {
      await db.deleteFrom('storage_probes').where('instance_id', '=', row.instance_id).execute();
      if (PROBE_NAME.test(probeName(row.instance_id))) await storage.writeProbe(probeName(row.instance_id), null).catch(() => undefined);
    }
  };
  await forget().catch((err) => log.warn({ err }, 'could not tidy the probes of instances gone'));

  const reported = new Set<string>();
  const beat = async () => {
    await db
      .updateTable('storage_probes')
      .set({ seen_at: iso(now()) })
      .where('instance_id', '=', instanceId)
      .execute();
    for (const other of await live()) {
      if (reported.has(other.instance_id)) continue;
      const problem = await problemWith(storage, other);
      if (!problem) continue;
      reported.add(other.instance_id);
      log.error({ instance: other.instance_id }, `uploads are not shared with another instance: ${describe(other, problem)}`);
    }
    await forget();
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= beat()
      .catch((err) => log.warn({ err }, 'storage probe heartbeat failed'))
      .finally(() => (running = undefined));
  }, heartbeatMs);
  timer.unref();

  return {
    instanceId,
    beat,
    async stop() {
      clearInterval(timer);
      await running;
      await removeOwn().catch((err) => log.warn({ err }, 'could not remove this instance’s storage probe'));
    },
  };
}
