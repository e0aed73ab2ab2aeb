// tesseract.js's own node worker script, started at the lowest CPU priority. On Linux a thread's nice value is its
// own: setPriority(0, …) inside this worker thread lowers only this thread, so reading receipts takes the cores only
// when the event loop (placing orders) leaves them idle (docs/decisions/0038). Where that is refused, OCR still runs.
import { createRequire } from 'node:module';
import os from 'node:os';

try {
  os.setPriority(0, 19);
} catch {
  // Not permitted here: the reading still works, only at normal priority.
}
// Loaded after the priority is set, so every thread it may start inherits it.
createRequire(import.meta.url)('tesseract.js/src/worker-script/node/index.js');
