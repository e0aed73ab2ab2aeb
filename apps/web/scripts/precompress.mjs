// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of the web
// build, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
// Build time is the one moment the slowest, smallest settings cost nothing. A variant that would not be smaller than
// the file is not written (the server then sends the file itself).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, fonts (woff2 is already brotli inside) and audio gain little or nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

const dist = path.resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gzip = gzipSync(data, { level: 9 });
  if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
  raw += statSync(file).size;
  br += Math.min(brotli.length, data.length);
  count++;
}
console.log(`precompressed ${count} files: ${(raw / 1000).toFixed(1)} KB → ${(br / 1000).toFixed(1)} KB brotli`);
