// The batching log writer: every line arrives once and in order, through batches, short writes, a full pipe (EAGAIN)
// and a synchronous flush at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBatchedWriter } from './log-destination.ts';

type Call = { chunk: Buffer; done: (err: NodeJS.ErrnoException | null, written: number) => void };

/** A stand-in for fs.write that records each call and lets the test answer it. */
function fakeWrite() {
  const calls: Call[] = [];
  const write = ((_fd: number, chunk: Buffer, offset: number, length: number, _pos: null, done: Call['done']) => {
    calls.push({ chunk: Buffer.from(chunk.subarray(offset, offset + length)), done });
  }) as unknown as typeof fs.write;
  return { calls, write };
}

const line = (i: number) => `{"n":${i},"msg":"${'x'.repeat(180)}"}\n`;

describe('batched log writer', () => {
  it('writes nothing until a batch is full, then one write per batch, lines whole and in order', () => {
    const { calls, write } = fakeWrite();
    const writer = createBatchedWriter(99, write);
    for (let i = 0; i < 10; i++) writer.write(line(i));
    expect(calls).toHaveLength(0);
    for (let i = 10; i < 200; i++) writer.write(line(i));
    // One write under way; the lines since wait for it.
    expect(calls).toHaveLength(1);
    const first = calls[0]!.chunk.toString();
    expect(first.length).toBeGreaterThanOrEqual(16 * 1024);
    calls[0]!.done(null, calls[0]!.chunk.length);
    // The rest is over a batch again: written at once.
    expect(calls).toHaveLength(2);
    calls[1]!.done(null, calls[1]!.chunk.length);
    const all = calls.map((c) => c.chunk.toString()).join('');
    expect(all).toBe(Array.from({ length: 200 }, (_, i) => line(i)).join(''));
  });

  it('continues a short write where it stopped and retries after EAGAIN', async () => {
    const { calls, write } = fakeWrite();
    const writer = createBatchedWriter(99, write);
    const text = Array.from({ length: 50 }, (_, i) => line(i)).join('');
    for (let i = 0; i < 50; i++) writer.write(line(i));
    expect(calls).toHaveLength(0);
    writer.flush();
    calls[0]!.done(null, 1000);
    expect(calls[1]!.chunk.toString()).toBe(text.slice(1000));
    calls[1]!.done(Object.assign(new Error('busy'), { code: 'EAGAIN' }), 0);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls[2]!.chunk.toString()).toBe(text.slice(1000));
    let idle = false;
    void writer.idle().then(() => (idle = true));
    calls[2]!.done(null, calls[2]!.chunk.length);
    await Promise.resolve();
    expect(idle).toBe(true);
  });

  it('flushes what is pending synchronously (exit, close)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-logw-'));
    try {
      const file = path.join(dir, 'log');
      const fd = fs.openSync(file, 'w');
      const writer = createBatchedWriter(fd);
      writer.write('{"a":1}\n');
      writer.write('{"b":"ü"}\n');
      writer.flushSync();
      fs.closeSync(fd);
      expect(fs.readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":"ü"}\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
