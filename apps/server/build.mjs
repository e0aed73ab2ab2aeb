// Bundles the server (and the contract it imports) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';
import { copyFileSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

// The server, and the process each screenshot check's image work runs in (modules/verification/image-sandbox.ts
// starts dist/image-sandbox-process.js, beside dist/main.js).
await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'image-sandbox-process': new URL('./src/modules/verification/image-sandbox-process.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
// The OCR worker threads start from this script (it lowers their priority, then runs tesseract.js's worker); the
// bundle finds it beside itself, as the source finds it beside text-reader.ts.
copyFileSync(new URL('./src/modules/verification/ocr-worker.mjs', import.meta.url), new URL('./dist/ocr-worker.mjs', import.meta.url));
console.log('server built: apps/server/dist/main.js');
