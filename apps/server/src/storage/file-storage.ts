// Where uploaded images live: a folder under DATA_DIR (default), or an S3-compatible bucket (s3-storage.ts) that every
// instance of the shop shares. Callers only hand bytes over and get bytes back; no one reads a stored file by path.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** `public`: catalog images anyone may load. `private`: payment screenshots, served only through signed URLs. */
export type Bucket = 'public' | 'private';

export type StoredEntry = { name: string; modifiedMs: number };

export interface FileStorage {
  /** `local` or `s3`, and where, for logs and start-up messages: a folder, or `s3://bucket at endpoint`. */
  readonly kind: 'local' | 's3';
  readonly where: string;
  /** Stores the bytes under a new unguessable name and returns that name. Durable once it resolves. */
  save(bucket: Bucket, data: Buffer, ext: string): Promise<string>;
  /** Replaces a stored file's bytes under the same name, atomically (readers see the old or the new file, whole). */
  overwrite(bucket: Bucket, name: string, data: Buffer): Promise<void>;
  /** Removes a file; a missing file is not an error. */
  remove(bucket: Bucket, name: string): Promise<void>;
  /** A stored file's bytes, or null when there is none (or the name is not one this store makes). */
  read(bucket: Bucket, name: string): Promise<Buffer | null>;
  /** Every stored file last written before `before` (epoch ms), a page at a time. */
  listOlderThan(bucket: Bucket, before: number): AsyncIterable<StoredEntry[]>;
  /** Removes what interrupted writes left behind before `before` (local temp files); answers how many. */
  removeLeftovers(before: number): Promise<number>;
  /**
   * A small object outside both buckets, for the start-up probe (storage-probe.ts): `data` null removes it, and
   * `read` answers null when it is absent. Names are checked by the caller.
   */
  writeProbe(name: string, data: Buffer | null): Promise<void>;
  readProbe(name: string): Promise<Buffer | null>;
  /** Answers when the store can be reached (for readiness): undefined, or a short detail. Throws when it can't. */
  ping(): Promise<string | undefined>;
  /** Lets go of connections. */
  close(): void;
}

const SAFE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp|gif)$/;

export function isStoredName(name: string): boolean {
  return SAFE_NAME.test(name);
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** The media type of a stored name, from its extension (which came from the file's magic bytes). */
export function contentTypeOf(name: string): string {
  return TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The same folder layout in DATA_DIR and in a bucket, so a backup or a move between the two is a plain copy. */
export const BUCKET_FOLDERS: Record<Bucket, string> = { public: 'uploads', private: path.posix.join('private', 'screenshots') };
export const PROBE_FOLDER = 'storage-probes';

/**
 * Writes `data` under `target` so that, once this resolves, the file survives a power cut whole: the bytes are flushed
 * before the rename makes them visible, and the directory after it, so the name is on disk too. An order's row is
 * made durable before its answer (db/durable-commits.ts); its screenshot must not lag behind it (0001). About 1 ms
 * per file here, on libuv's pool, not the event loop.
 */
async function writeDurably(target: string, temp: string, data: Buffer): Promise<void> {
  const file = await open(temp, 'w', 0o640);
  try {
    await file.writeFile(data);
    await file.datasync();
  } finally {
    await file.close();
  }
  await rename(temp, target);
  const dir = await open(path.dirname(target), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
    throw err;
  }
}

type DirEntry = { name: string; file: string; modifiedMs: number };

/** Files (not folders) directly in `dir` last written before `before`; none when the folder is missing. */
export async function filesOlderThan(dir: string, before: number): Promise<DirEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const entries: DirEntry[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (info.isFile() && info.mtimeMs < before) entries.push({ name, file, modifiedMs: info.mtimeMs });
    } catch {
      // removed meanwhile
    }
  }
  return entries;
}

const LIST_PAGE = 1000;

export async function createLocalStorage(dataDir: string): Promise<FileStorage & { readonly roots: Record<Bucket, string> }> {
  const roots: Record<Bucket, string> = {
    public: path.join(dataDir, BUCKET_FOLDERS.public),
    private: path.join(dataDir, BUCKET_FOLDERS.private),
  };
  const probes = path.join(dataDir, PROBE_FOLDER);
  await mkdir(roots.public, { recursive: true });
  await mkdir(roots.private, { recursive: true });
  await mkdir(probes, { recursive: true });

  return {
    kind: 'local',
    where: dataDir,
    roots,
    async save(bucket, data, ext) {
      const name = `${randomUUID()}.${ext}`;
      const target = path.join(roots[bucket], name);
      // Write then rename, so a crash never leaves a half-written file under a real name.
      await writeDurably(target, `${target}.tmp`, data);
      return name;
    },
    async overwrite(bucket, name, data) {
      if (!isStoredName(name)) throw new Error('not a stored file name');
      const target = path.join(roots[bucket], name);
      await writeDurably(target, `${target}.${randomUUID()}.tmp`, data);
    },
    async remove(bucket, name) {
      if (!isStoredName(name)) return;
      await rm(path.join(roots[bucket], name), { force: true });
    },
    async read(bucket, name) {
      return isStoredName(name) ? readIfFile(path.join(roots[bucket], name)) : null;
    },
    async *listOlderThan(bucket, before) {
      const stored = (await filesOlderThan(roots[bucket], before)).filter((e) => isStoredName(e.name));
      for (let i = 0; i < stored.length; i += LIST_PAGE) {
        yield stored.slice(i, i + LIST_PAGE).map(({ name, modifiedMs }) => ({ name, modifiedMs }));
      }
    },
    async removeLeftovers(before) {
      let removed = 0;
      for (const root of Object.values(roots)) {
        for (const entry of await filesOlderThan(root, before)) {
          if (!entry.name.endsWith('.tmp')) continue;
          await rm(entry.file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async writeProbe(name, data) {
      const target = path.join(probes, name);
      if (data === null) await rm(target, { force: true });
      else await writeDurably(target, `${target}.${randomUUID()}.tmp`, data);
    },
    readProbe: (name) => readIfFile(path.join(probes, name)),
    async ping() {
      await stat(roots.private);
      return undefined;
    },
    close() {},
  };
}
