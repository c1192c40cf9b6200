import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_ADMIN, E2E_DB_TEMPLATE } from './e2e/support'
import { ensureServerBundle, newerThan } from './scripts/server-bundle.mjs'

const PORT = Number(process.env.E2E_PORT ?? 3210)
// The server as `npm start` runs it: the bundle of scripts/build-server.mjs (decision 0013), built
// here only when its sources changed (`npm test`'s build step normally made it already). Specs that
// start servers of their own run the same file (e2e/support.ts SERVER_ENTRY).
const SERVER_ENTRY = ensureServerBundle()
// Every server starts on a copy of one migrated database (e2e/db-template.ts), made again when the
// migrations or the queue's setup changed since.
const stamp = `${E2E_DB_TEMPLATE}/mouthpiece-migrations.sha256`
if (
  !fs.existsSync(stamp) ||
  [
    'apps/server/drizzle',
    'apps/server/src/platform/queue',
    'apps/server/src/platform/db',
    'e2e/db-template.ts',
    'apps/server/test/pglite-template.ts',
    'package-lock.json',
  ].some((p) => newerThan(p, fs.statSync(stamp).mtimeMs))
)
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/db-template.ts', E2E_DB_TEMPLATE], {
    stdio: 'inherit',
  })

// Browser tests click through the real product: the built web app served by the real server on a
// fresh PGlite data dir, in Debian's Chromium (never a downloaded browser).
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${PORT} && mkdir -p .tmp/e2e-data-${PORT} && cp -R ${E2E_DB_TEMPLATE} .tmp/e2e-data-${PORT}/db && node --enable-source-maps ${JSON.stringify(SERVER_ENTRY)}`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      WEB_DIST: 'apps/web/dist',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
    },
  },
})
