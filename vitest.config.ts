// One test run for the whole repository: server suites on SQLite (always) and PostgreSQL (when TEST_DATABASE_URL is set),
// the storage suites again with uploads in a bucket of a local S3-compatible server (s3rver), and the web app.
import { defineConfig } from 'vitest/config';

const here = (p: string) => new URL(p, import.meta.url).pathname;

/** Suites about stored files, run on the local folder (server-sqlite) and on a bucket (server-s3). */
const STORAGE_SUITES = [
  'src/plugins/uploads.test.ts',
  'src/modules/file-sweep/file-sweep.test.ts',
  'src/modules/orders/orders-screenshot-metadata.test.ts',
  'src/storage/storage.test.ts',
  'test/health.test.ts',
  'test/backup.test.ts',
];

const serverProject = (dialect: 'sqlite' | 'postgres', storage: 'local' | 's3' = 'local') => ({
  test: {
    name: storage === 's3' ? 'server-s3' : `server-${dialect}`,
    root: here('./apps/server'),
    include: storage === 's3' ? STORAGE_SUITES : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PostgreSQL only: instances sharing one database, and schemas within one database. Reading receipts touches no
    // database, so its accuracy suite runs once.
    exclude:
      dialect === 'sqlite'
        ? [
            'src/realtime/fan-out.test.ts',
            'test/postgres-schema.test.ts',
            'test/shared-storage.test.ts',
            'src/modules/staff-alerts/staff-alerts-instances.test.ts',
          ]
        : ['src/modules/verification/verification-families.test.ts'],
    setupFiles: ['test/setup.ts'],
    env: { TEST_DIALECT: dialect, TEST_STORAGE: storage },
    pool: 'forks' as const,
    // One module graph per worker instead of per file: the server's imports cost seconds a file, and every suite
    // builds its own app, database and data directory, so nothing is shared through module state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    // Most suites wait on servers, databases, timers and child processes rather than compute: three files at once
    // keep two cores busy, where the default (one worker on two cores) leaves them mostly idle.
    maxWorkers: 3,
    projects: [
      serverProject('sqlite'),
      serverProject('sqlite', 's3'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      here('./apps/web/vitest.config.ts'),
    ],
  },
});
