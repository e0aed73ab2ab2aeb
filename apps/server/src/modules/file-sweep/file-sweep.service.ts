// Removes stored files no row points at: screenshots of orders whose transaction never committed (a crash between
// storing the file and the insert), leftovers of interrupted writes (local `*.tmp` files), and this instance's resized
// variants of images that are gone. Only files older than `minAgeMs` are touched, so a request that has stored its
// file and is about to commit its row (here or on another instance sharing the folder or bucket) never loses it.
// Works the same on a local folder and on a bucket: it lists and removes through the file storage. Runs at start-up
// and then periodically. Personal payment images must not stay stored for no one (docs/decisions/0032).
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { filesOlderThan, type Bucket, type FileStorage } from '../../storage/file-storage.ts';
import type { VariantCache } from '../../storage/image-variants.ts';
import * as repo from './file-sweep.repository.ts';

export type SweepResult = { screenshots: number; publicImages: number; tempFiles: number; variants: number };

const BATCH = 200;

async function sweepBucket(
  storage: FileStorage,
  bucket: Bucket,
  before: number,
  referenced: (names: string[]) => Promise<Set<string>>,
): Promise<number> {
  let removed = 0;
  for await (const page of storage.listOlderThan(bucket, before)) {
    for (let i = 0; i < page.length; i += BATCH) {
      const batch = page.slice(i, i + BATCH).map((e) => e.name);
      const keep = await referenced(batch);
      for (const name of batch) {
        if (keep.has(name)) continue;
        await storage.remove(bucket, name);
        removed += 1;
      }
    }
  }
  return removed;
}

export async function sweepOrphanFiles(
  db: Db,
  storage: FileStorage,
  variants: VariantCache,
  minAgeMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const before = now - minAgeMs;
  const result: SweepResult = { screenshots: 0, publicImages: 0, tempFiles: 0, variants: 0 };
  result.screenshots = await sweepBucket(storage, 'private', before, (n) => repo.referencedScreenshots(db, n));
  result.publicImages = await sweepBucket(storage, 'public', before, (n) => repo.referencedPublicImages(db, n));
  result.tempFiles = await storage.removeLeftovers(before);

  // Variants live in <cache>/<source name>/; a folder whose source is gone is removed, half-written copies too.
  const cached = await variants.list();
  if (cached.length > 0) {
    const sources = new Set<string>();
    for await (const page of storage.listOlderThan('public', Number.POSITIVE_INFINITY)) for (const e of page) sources.add(e.name);
    for (const folder of cached) {
      if (!sources.has(folder.name)) {
        if (folder.modifiedMs < before) {
          await variants.forget(folder.name);
          result.variants += 1;
        }
        continue;
      }
      for (const entry of await filesOlderThan(folder.file, before)) {
        if (!entry.name.endsWith('.tmp')) continue;
        await rm(entry.file, { force: true });
        result.tempFiles += 1;
      }
    }
  }
  return result;
}

/** `stop` ends the timer and waits for a sweep under way, so the database can close after it. */
export type FileSweeper = { stop(): Promise<void>; sweepNow(): Promise<SweepResult> };

/** Sweeps once now and then every `intervalMs`; never overlaps itself; failures are logged, not thrown. */
export function startFileSweeper(
  db: Db,
  storage: FileStorage,
  variants: VariantCache,
  log: FastifyBaseLogger,
  minAgeMs: number,
  intervalMs = 5 * 60_000,
): FileSweeper {
  let running: Promise<SweepResult> | undefined;
  const sweepNow = () =>
    (running ??= sweepOrphanFiles(db, storage, variants, minAgeMs)
      .then((result) => {
        const total = result.screenshots + result.publicImages + result.tempFiles + result.variants;
        if (total > 0) log.info({ removed: result }, 'removed orphaned upload files');
        return result;
      })
      .finally(() => (running = undefined)));
  const timer = setInterval(() => void sweepNow().catch((err) => log.error({ err }, 'orphan file sweep failed')), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
    sweepNow,
  };
}
