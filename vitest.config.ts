// One test run for the whole repository: server suites on SQLite (always) and PostgreSQL (when TEST_DATABASE_URL is set), and the web app.
import { defineConfig } from 'vitest/config';

const here = (p: string) => new URL(p, import.meta.url).pathname;

const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${dialect}`,
    root: here('./apps/server'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PostgreSQL only: two instances sharing one database, and schemas within one database.
    exclude: dialect === 'sqlite' ? ['src/realtime/fan-out.test.ts', 'test/postgres-schema.test.ts', 'src/modules/staff-alerts/staff-alerts-instances.test.ts'] : [],
    setupFiles: ['test/setup.ts'],
    env: { TEST_DIALECT: dialect },
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      here('./apps/web/vitest.config.ts'),
    ],
  },
});
