// Acknowledged writes survive a power cut without an fsync on the event loop (SQLite).
//
// better-sqlite3 runs every statement on the event loop, so with `synchronous = FULL` each commit waited there for the
// disk to flush the WAL: 0.4–1.7 ms on average and 4–15 ms at p99 on this disk, several times per order, while every
// other request waited too. Now the connection runs with `synchronous = NORMAL` (in WAL mode: consistent after any
// crash, and durable after a process crash; a power cut may lose the last commits), and an answer to a write request
// leaves only once the WAL file has been flushed to disk by `flush()`, on libuv's thread pool. So whatever the server
// acknowledged is on disk, as with FULL; commits of one moment share one flush (group commit); and background writes
// nobody waits for (the checks' bookkeeping) are flushed by the next request or checkpoint, as they can be redone
// after a power cut. docs/decisions/0001-one-schema-for-two-databases.md, "Durable commits".
import { open, stat, type FileHandle } from 'node:fs/promises';

export interface DurableCommits {
  /** Resolves once everything committed before the call is on disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL (its server flushes its own WAL before a commit returns) and in-memory SQLite: nothing to do. */
export const alreadyDurable: DurableCommits = { flush: async () => {}, close: async () => {} };

/**
 * Group commit over one flush at a time: a call made while a flush runs waits for the next one (the running flush may
 * have started before its commit), and every call made meanwhile shares that next one.
 */
export function groupFlushes(syncOnce: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run = syncOnce().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/** Flushes `<dbFile>-wal` (SQLite in WAL mode keeps the file while the server's connection is open). */
export function createWalFlush(dbFile: string): DurableCommits {
  const walFile = `${dbFile}-wal`;
  let handle: { fh: FileHandle; ino: number } | null = null;
  const syncOnce = async () => {
    // Opened once and reused; opened anew should the file ever be replaced (another inode under the name).
    const current = await stat(walFile);
    if (handle && handle.ino !== current.ino) {
      await handle.fh.close();
      handle = null;
    }
    if (!handle) {
      const fh = await open(walFile, 'r');
      handle = { fh, ino: (await fh.stat()).ino };
    }
    await handle.fh.datasync();
  };
  const flush = groupFlushes(syncOnce);
  return {
    flush,
    async close() {
      await handle?.fh.close();
      handle = null;
    },
  };
}
