// Removes stored files no row points at: screenshots of orders whose transaction never committed (a crash between
// storing the file and the insert), leftovers of interrupted writes (`*.tmp`), and resized variants of images that
// are gone. Only files older than `minAgeMs` are touched, so a request that has stored its file and is about to
// commit its row (here or on another instance sharing the folder) never loses it. Runs at start-up and then
// periodically. Personal payment images must not stay on disk for no one.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { isStoredName } from '../../storage/file-storage.ts';
import * as repo from './file-sweep.repository.ts';

export type SweepResult = { screenshots: number; publicImages: number; tempFiles: number; variants: number };

const BATCH = 200;

type Entry = { name: string; file: string; mtimeMs: number };

async function listOld(dir: string, before: number): Promise<Entry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const entries: Entry[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (info.isFile() && info.mtimeMs < before) entries.push({ name, file, mtimeMs: info.mtimeMs });
    } catch {
      // removed meanwhile
    }
  }
  return entries;
}

async function sweepBucket(
  entries: Entry[],
  referenced: (names: string[]) => Promise<Set<string>>,
  result: SweepResult,
  key: 'screenshots' | 'publicImages',
) {
  const stored = entries.filter((e) => isStoredName(e.name));
  for (let i = 0; i < stored.length; i += BATCH) {
    const batch = stored.slice(i, i + BATCH);
    const keep = await referenced(batch.map((e) => e.name));
    for (const entry of batch) {
      if (keep.has(entry.name)) continue;
      await rm(entry.file, { force: true });
      result[key] += 1;
    }
  }
  for (const entry of entries) {
    if (!entry.name.endsWith('.tmp')) continue;
    await rm(entry.file, { force: true });
    result.tempFiles += 1;
  }
}

export async function sweepOrphanFiles(db: Db, storage: FileStorage, minAgeMs: number, now = Date.now()): Promise<SweepResult> {
  const before = now - minAgeMs;
  const result: SweepResult = { screenshots: 0, publicImages: 0, tempFiles: 0, variants: 0 };
  await sweepBucket(await listOld(storage.roots.private, before), (n) => repo.referencedScreenshots(db, n), result, 'screenshots');
  await sweepBucket(await listOld(storage.roots.public, before), (n) => repo.referencedPublicImages(db, n), result, 'publicImages');

  // Variants live in .variants/<source name>/; a folder whose source is gone is removed, half-written ones too.
  const variantsRoot = path.join(storage.roots.public, '.variants');
  let folders: string[] = [];
  try {
    folders = await readdir(variantsRoot);
  } catch {
    // none made yet
  }
  for (const folder of folders) {
    const dir = path.join(variantsRoot, folder);
    if (!(await storage.locate('public', folder))) {
      const info = await stat(dir).catch(() => null);
      if (info && info.mtimeMs < before) {
        await rm(dir, { recursive: true, force: true });
        result.variants += 1;
      }
      continue;
    }
    for (const entry of await listOld(dir, before)) {
      if (entry.name.endsWith('.tmp')) {
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
export function startFileSweeper(db: Db, storage: FileStorage, log: FastifyBaseLogger, minAgeMs: number, intervalMs = 5 * 60_000): FileSweeper {
  let running: Promise<SweepResult> | undefined;
  const sweepNow = () =>
    (running ??= sweepOrphanFiles(db, storage, minAgeMs)
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
