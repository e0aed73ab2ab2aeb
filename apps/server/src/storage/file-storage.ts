// Where uploaded images live. Local disk under DATA_DIR today; the interface is what an S3-compatible store would implement.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeVariants } from './image-variants.ts';

/** `public`: catalog images anyone may load. `private`: payment screenshots, served only through signed URLs. */
export type Bucket = 'public' | 'private';

export interface FileStorage {
  /** Stores the bytes under a new unguessable name and returns that name. */
  save(bucket: Bucket, data: Buffer, ext: string): Promise<string>;
  /** Replaces a stored file's bytes under the same name, atomically (readers see the old or the new file, whole). */
  overwrite(bucket: Bucket, name: string, data: Buffer): Promise<void>;
  /** Removes a file; a missing file is not an error. */
  remove(bucket: Bucket, name: string): Promise<void>;
  /** The absolute path of a stored file, or null when there is none. */
  locate(bucket: Bucket, name: string): Promise<string | null>;
  readonly roots: Record<Bucket, string>;
}

const SAFE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp|gif)$/;

export function isStoredName(name: string): boolean {
  return SAFE_NAME.test(name);
}

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

export async function createLocalStorage(dataDir: string): Promise<FileStorage> {
  const roots: Record<Bucket, string> = {
    public: path.join(dataDir, 'uploads'),
    private: path.join(dataDir, 'private', 'screenshots'),
  };
  await mkdir(roots.public, { recursive: true });
  await mkdir(roots.private, { recursive: true });

  return {
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
      if (bucket === 'public') await removeVariants(roots.public, name);
    },
    async locate(bucket, name) {
      if (!isStoredName(name)) return null;
      const file = path.join(roots[bucket], name);
      try {
        return (await stat(file)).isFile() ? file : null;
      } catch {
        return null;
      }
    },
  };
}
