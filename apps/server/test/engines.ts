/**
 * Which server suites run on which database engine (vitest.config.ts reads this; engines.test.ts
 * holds the rules below).
 *
 * Every server suite runs on PGlite. The PostgreSQL pass (when TEST_DATABASE_URL is set) runs only
 * POSTGRES_SUITES: those whose SQL behaves differently on a real server with a pool of connections
 * and other processes — the queue (pg-boss), LISTEN/NOTIFY (realtime wire, the overlay bus,
 * notifications sent on commit), advisory and row locks, requests racing each other (idempotency
 * keys, stale versions), the rate-limit and session stores shared between processes, payments and
 * their webhooks, alerts surviving a crash — plus every suite of the HTTP platform (the route
 * contract fuzz among them), which drives each route through the real driver's type parsing. The
 * migrations run on PostgreSQL on every run (global-setup.ts migrates its template).
 * Elsewhere the same SQL runs through the same planner either way, so a second engine only doubled
 * the minutes (docs/decisions/0023-test-time.md).
 *
 * To run a new suite on both engines: put it under one of these folders, list it here, or name it
 * `*.pg.test.ts`. A suite with cases only for PostgreSQL (`runIf(onPostgres)`) must be listed, or
 * those cases never run (engines.test.ts fails).
 */
export const POSTGRES_SUITES = [
  // Any suite can opt in by name; the generated contract fuzz test runs on both engines wherever it lives.
  'apps/server/src/**/*.pg.test.ts',
  'apps/server/src/**/*contract-fuzz*.test.ts',
  // Platform: queue, realtime, HTTP (rate-limit store, contract), admission under a busy database, list queries.
  'apps/server/src/platform/queue/**/*.test.ts',
  'apps/server/src/platform/realtime/**/*.test.ts',
  'apps/server/src/platform/http/**/*.test.ts',
  'apps/server/src/platform/admission/**/*.test.ts',
  'apps/server/src/platform/db/list-query.test.ts',
  // Sessions (cache and revocation across processes), sign-in throttle store.
  'apps/server/src/modules/auth/**/*.test.ts',
  'apps/server/src/modules/users/users.test.ts',
  // Payments and webhooks (row locks, idempotency keys), direct tips racing the same key.
  'apps/server/src/modules/payments/**/*.test.ts',
  'apps/server/src/modules/donations/tips/**/*.test.ts',
  // Alerts: the overlay bus (LISTEN/NOTIFY), advisory-lock dedupe of events from several sources, a crash mid-queue.
  'apps/server/src/modules/donations/donations.test.ts',
  'apps/server/src/modules/donations/durability.test.ts',
  'apps/server/src/modules/donations/alerts/**/*.test.ts',
  'apps/server/src/modules/donations/sources/streamlabs.test.ts',
  'apps/server/src/modules/notifications/**/*.test.ts',
  // Render jobs across worker processes and through pg-boss retries.
  'apps/server/src/modules/renders/stages/**/*.test.ts',
  // Row locks (SELECT … FOR UPDATE) and versioned documents.
  'apps/server/src/modules/projects/projects.test.ts',
  'apps/server/src/modules/conference-events/**/*.test.ts',
  'apps/server/src/modules/sentences/**/*.test.ts',
  'apps/server/src/modules/ads/brands/**/*.test.ts',
  'apps/server/src/modules/backoffice/**/*.test.ts',
  // Bulk admin jobs with their audit rows.
  'apps/server/src/modules/operations/operations.test.ts',
  // The health answer names the engine in use.
  'apps/server/src/modules/system/**/*.test.ts',
]

/** Paths as Vitest's include globs match them (relative to the repository, `*` within a name, `**` any folders). */
export function globToRegExp(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += glob[i + 2] === '/' ? 2 : 1
    } else if (c === '*') re += '[^/]*'
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

/** True when the suite at `file` (relative to the repository) also runs on PostgreSQL. */
export const runsOnPostgres = (file: string) => POSTGRES_SUITES.some((glob) => globToRegExp(glob).test(file))
