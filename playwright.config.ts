import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_ADMIN } from './e2e/support'

const PORT = Number(process.env.E2E_PORT ?? 3210)

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
    command: `rm -rf .tmp/e2e-data-${PORT} && node --import tsx apps/server/src/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT), DATA_DIR: `.tmp/e2e-data-${PORT}`, WEB_DIST: 'apps/web/dist', LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password, LOGIN_RATE_LIMIT: '1000',
    },
  },
})
