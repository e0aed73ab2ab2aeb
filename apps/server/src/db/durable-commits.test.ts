// Durable commits on SQLite: the WAL is flushed on the thread pool and write requests wait for it. A power cut can't
// be made here, so what is tested is the mechanism: the connection no longer flushes inside each commit, a real WAL
// file is flushed, concurrent flushes share one without any caller being
// answered by a flush that began before its commit (the disk flush itself is replaced by a controllable stand-in for
// that), and a write request's answer waits for the flush while a read's does not.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { answerWritesWhenDurable } from '../plugins/durable-writes.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { groupFlushes, type DurableCommits } from './durable-commits.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A flush that finishes when the test says so. */
function controllableSync() {
  const pending: Array<() => void> = [];
  let started = 0;
  const syncOnce = () =>
    new Promise<void>((resolve) => {
      started++;
      pending.push(resolve);
    });
  return { syncOnce, started: () => started, finishOne: () => pending.shift()!() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('shares one flush among callers, and never answers a caller with a flush that began before it called', async () => {
    const disk = controllableSync();
    const flush = groupFlushes(disk.syncOnce);
    const done: string[] = [];
    void flush().then(() => done.push('a'));
    await tick();
    expect(disk.started()).toBe(1);
    // b and c commit while a's flush runs: they need the next one, and share it.
    void flush().then(() => done.push('b'));
    void flush().then(() => done.push('c'));
    await tick();
    expect(disk.started()).toBe(1);
    disk.finishOne();
    await tick();
    expect(done).toEqual(['a']);
    expect(disk.started()).toBe(2);
    disk.finishOne();
    await tick();
    expect(done).toEqual(['a', 'b', 'c']);
    // Nothing running: the next caller starts a flush at once.
    void flush().then(() => done.push('d'));
    await tick();
    expect(disk.started()).toBe(3);
    disk.finishOne();
    await tick();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
  });

  it('passes a failed flush on to its callers, and the next flush runs', async () => {
    let fail = true;
    const flush = groupFlushes(async () => {
      if (fail) throw new Error('disk gone');
    });
    await expect(flush()).rejects.toThrow('disk gone');
    fail = false;
    await expect(flush()).resolves.toBeUndefined();
  });
});

describe('SQLite', () => {
  it('commits without flushing inside the commit, and flushes the real WAL file', async () => {
    const file = path.join(dir, 'shop.db');
    const { db, commits } = openDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(db);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]!.synchronous).toBe(1); // NORMAL
    await sql`insert into users (id, email, password_hash, email_confirmed, created_at, updated_at) values ('u1', 'a@b.c', 'x', 1, '', '')`.execute(
      db,
    );
    await commits.flush();
    await Promise.all([commits.flush(), commits.flush(), commits.flush()]);
    await db.destroy();
    await commits.close();
  });
});

describe('write requests', () => {
  it('answer once the flush is done; reads answer at once', async () => {
    const disk = controllableSync();
    const commits: DurableCommits = { flush: groupFlushes(disk.syncOnce), close: async () => {} };
    const app = Fastify();
    answerWritesWhenDurable(app, commits);
    app.get('/read', async () => ({ ok: true }));
    app.post('/write', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    expect(disk.started()).toBe(0);
    let answered = false;
    const write = app.inject({ method: 'POST', url: '/write' }).then((res) => {
      answered = true;
      return res;
    });
    for (let i = 0; i < 5; i++) await tick();
    expect(disk.started()).toBe(1);
    expect(answered).toBe(false);
    disk.finishOne();
    expect((await write).statusCode).toBe(200);
    await app.close();
  });
});
