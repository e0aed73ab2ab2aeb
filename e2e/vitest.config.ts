// End-to-end journeys in Debian's Chromium against the real built server (run after `npm run build`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    pool: 'forks',
    // Each file starts its own server and browser; two at once is what 2 cores carry.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
