import { defineConfig } from 'vitest/config'
import type { TestProjectInlineConfiguration } from 'vitest/config'

// Server suites run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set.
const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${engine}`,
    environment: 'node',
    include: ['apps/server/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', environment: 'node', include: ['packages/**/src/**/*.test.ts'], testTimeout: 60_000 } },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
})
