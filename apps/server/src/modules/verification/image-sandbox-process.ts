// The process a screenshot check's image work runs in (image-sandbox.ts starts it): decoding and re-encoding, the
// fingerprint, the OCR. It does one job at a time, as the server asks, and knows nothing of the database. Whatever
// an image does to it (a decoder that crashes, tesseract's worker throwing out of its message handler, memory that
// runs away) ends this process only; the server kills it when a job overruns and starts another.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { AppError } from '../../lib/errors.ts';
import { createImageWork } from '../../storage/image-work.ts';
import { cleanImage, screenshotShapeProblem } from '../../storage/images.ts';
import { imageHash } from './image-hash.ts';
import { createTesseractReader } from './text-reader.ts';
import type { SandboxReply, SandboxRequest, SandboxResult } from './image-sandbox.ts';

lowerPriority();

const reader = createTesseractReader({ workers: 1 });
// One job at a time in this process: the limiter is only there because cleanImage takes one.
const work = createImageWork({ concurrency: 1 });

/** Every thread of this process to the lowest CPU priority; threads started later inherit it from their creator. */
function lowerPriority() {
  let threads: number[] = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: the priority of the process itself.
  }
  for (const tid of threads) {
    try {
      os.setPriority(tid, 19);
    } catch {
      // Not permitted here: the work still runs, only at normal priority.
    }
  }
}

async function run(request: SandboxRequest): Promise<SandboxResult> {
  const image = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
  switch (request.op) {
    case 'clean': {
      const clean = await cleanImage('screenshot', image, { mode: 'still', work, source: 'check' });
      // What it decoded to, not what its header said.
      const problem = screenshotShapeProblem(clean.width, clean.height);
      if (problem) throw new RefusedImage(problem);
      return { op: 'clean', data: clean.data, ext: clean.ext, width: clean.width, height: clean.height };
    }
    case 'fingerprint':
      return { op: 'fingerprint', hash: await imageHash(image) };
    case 'read':
      return { op: 'read', text: await reader.read(image) };
  }
}

/** The image itself is the problem: retrying can't help. */
class RefusedImage extends Error {}

process.on('message', (request: SandboxRequest) => {
  run(request).then(
    (result) => process.send!({ id: request.id, result } satisfies SandboxReply),
    (err: unknown) => {
      const undecodable = err instanceof AppError && err.statusCode === 400;
      const refused = err instanceof RefusedImage || undecodable;
      const message = undecodable ? 'The screenshot is not an image that can be decoded.' : String((err as Error)?.message ?? err);
      process.send!({ id: request.id, error: { message, refused } } satisfies SandboxReply);
    },
  );
});
// The server went away (or closed the channel): nothing more will be asked.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
