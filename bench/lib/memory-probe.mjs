// Preloaded into the soak's server instances only when SOAK_MEMORY_DETAIL is set (node --import): on SIGUSR2 the
// main thread writes one line `MEMORY_PROBE {json}` to stderr with its JavaScript heap and external memory, which
// /proc can't separate from the rest, and the heap still in use after a full collection (`live`): without it a heap
// that holds garbage until V8's next mark-compact can't be told from one that holds on to objects. Nothing runs
// until the signal arrives; the forced collection costs the instance a pause, so this is a diagnosis, not the figure.
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

if (isMainThread) {
  process.on('SIGUSR2', () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
    const line = {
      heapUsed: mb(usage.heapUsed),
      heapPhysical: mb(heap.total_physical_size),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      mallocedByV8: mb(heap.malloced_memory),
      handles: process.getActiveResourcesInfo().length,
    };
    gc();
    line.live = mb(process.memoryUsage().heapUsed);
    process.stderr.write(`MEMORY_PROBE ${JSON.stringify(line)}\n`);
  });
}
