// Where a process's resident memory is, read from outside through /proc/<pid>/smaps (Linux): the soak uses it to
// tell what grows. Anonymous memory is told apart by the shape of its mappings:
//   wasm    a read-write mapping followed by an inaccessible one, together ≥ 1 GiB: V8 reserves that much address
//           space for each WebAssembly.Memory (the tesseract workers' heaps) and opens it as the memory grows;
//   arenas  glibc malloc's per-thread arenas: 64 MiB-aligned heaps of 64 MiB (read-write part plus reserve), used by
//           native code on many threads (sharp/libvips, tesseract's own threads use WebAssembly instead);
//   brk     the main thread's malloc heap ([heap]);
//   files   mapped files: the node binary, shared libraries, native addons;
//   other   every other anonymous mapping: V8's JavaScript heaps (main thread and workers), large malloc blocks
//           (mmapped directly), thread stacks.
import { readFileSync } from 'node:fs';

export type MemoryBreakdown = { rss: number; wasm: number; arenas: number; brk: number; files: number; other: number };

const GIB = 1024 ** 3;
const ARENA = 64 * 1024 ** 2;

type Mapping = { start: number; end: number; perms: string; path: string; rssKb: number };

function parseSmaps(text: string): Mapping[] {
  const maps: Mapping[] = [];
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      maps.push({ start: parseInt(header[1]!, 16), end: parseInt(header[2]!, 16), perms: header[3]!, path: header[4]!, rssKb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps[maps.length - 1]!.rssKb = Number(rss[1]);
  }
  return maps;
}

/** MB per kind; `rss` is their sum (equal to VmRSS). */
export function memoryBreakdown(pid: number): MemoryBreakdown {
  const maps = parseSmaps(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  const kb = { wasm: 0, arenas: 0, brk: 0, files: 0, other: 0 };
  maps.forEach((m, i) => {
    if (!m.rssKb) return;
    if (m.path.startsWith('/')) kb.files += m.rssKb;
    else if (m.path === '[heap]') kb.brk += m.rssKb;
    else if (m.path)
      kb.other += m.rssKb; // [stack], [vdso], …
    else {
      const next = maps[i + 1];
      const reserve = next && !next.path && next.start === m.end && next.perms.startsWith('---') ? next.end - next.start : 0;
      const whole = m.end - m.start + reserve;
      if (whole >= GIB) kb.wasm += m.rssKb;
      else if (m.start % ARENA === 0 && whole === ARENA) kb.arenas += m.rssKb;
      else kb.other += m.rssKb;
    }
  });
  const mb = (n: number) => n / 1024;
  const out = { wasm: mb(kb.wasm), arenas: mb(kb.arenas), brk: mb(kb.brk), files: mb(kb.files), other: mb(kb.other) };
  return { rss: out.wasm + out.arenas + out.brk + out.files + out.other, ...out };
}

export const formatBreakdown = (m: MemoryBreakdown) =>
  `rss ${m.rss.toFixed(0)} = wasm ${m.wasm.toFixed(0)} + arenas ${m.arenas.toFixed(0)} + brk ${m.brk.toFixed(0)} + files ${m.files.toFixed(0)} + other ${m.other.toFixed(0)} MB`;
