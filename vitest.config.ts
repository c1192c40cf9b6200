import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { POSTGRES_SUITES } from './apps/server/test/engines'

// Server suites run against PGlite always; the POSTGRES_SUITES (apps/server/test/engines.ts: which
// suites, and why) also against PostgreSQL when TEST_DATABASE_URL is set.
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${engine}`,
    environment: 'node',
    include: engine === 'postgres' ? POSTGRES_SUITES : ['apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/file-env.ts'],
    env: { TEST_DB_ENGINE: engine },
    // Render suites share 2 cores with the other fork; a render test's first case also warms the
    // speech engines. A generous ceiling only costs time when something really hangs.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // One module graph per fork, not per file: importing the server's ~430 routes cost each file
    // seconds (a third of the suite's CPU). What files leave behind is reset by file-env.ts (the
    // environment) and by keying process-wide registries on the database handle (decision 0023).
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is 1 worker; most server suites wait on sockets, timers and the
    // queue, so a second fork overlaps that waiting (CI time, docs/decisions/0023-test-time.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/**/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The container image, compose file and Helm chart, checked without a cluster (deploy/).
        test: { name: 'deploy', environment: 'node', include: ['deploy/**/*.test.ts'] },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
          // One DOM and module graph per fork (75 s → 17 s); test-setup.ts unmounts after each test.
          isolate: false,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
})
