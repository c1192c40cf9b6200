import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { POSTGRES_SUITES, globToRegExp, runsOnPostgres } from '../../../test/engines'

// Which suites the PostgreSQL pass runs (apps/server/test/engines.ts) is a list a person keeps:
// these rules keep it from silently losing a suite.
const root = path.resolve(import.meta.dirname, '../../../../..')
const suites = (fs.readdirSync(path.join(root, 'apps/server/src'), { recursive: true }) as string[])
  .map((f) => path.posix.join('apps/server/src', f.split(path.sep).join('/')))
  .filter((f) => f.endsWith('.test.ts'))
  .sort()

describe('the PostgreSQL pass', () => {
  it('finds the server suites', () => {
    expect(suites.length).toBeGreaterThan(50)
    expect(suites).toContain('apps/server/src/platform/db/engines.test.ts')
  })

  it('runs every suite of the HTTP platform and every contract fuzz test', () => {
    const missing = suites.filter(
      (f) =>
        (f.startsWith('apps/server/src/platform/http/') || f.includes('contract-fuzz')) && !runsOnPostgres(f),
    )
    expect(missing).toEqual([])
    expect(runsOnPostgres('apps/server/src/platform/http/contract-fuzz.test.ts')).toBe(true)
    expect(runsOnPostgres('apps/server/src/modules/ads/ads.contract-fuzz.test.ts')).toBe(true)
    expect(runsOnPostgres('apps/server/src/modules/tracking/tracking.pg.test.ts')).toBe(true)
    expect(runsOnPostgres('apps/server/src/modules/tracking/tracking.test.ts')).toBe(false)
  })

  it('runs every suite that has cases only for PostgreSQL', () => {
    const onlyOnPostgres = suites.filter((f) =>
      /runIf\(onPostgres\)|skipIf\(!onPostgres\)/.test(fs.readFileSync(path.join(root, f), 'utf8')),
    )
    expect(onlyOnPostgres.length).toBeGreaterThan(0)
    expect(onlyOnPostgres.filter((f) => !runsOnPostgres(f))).toEqual([])
  })

  it('names no folder or file that is gone (a moved suite would drop out of the pass)', () => {
    const markers = ['apps/server/src/**/*.pg.test.ts', 'apps/server/src/**/*contract-fuzz*.test.ts']
    const empty = POSTGRES_SUITES.filter(
      (glob) => !markers.includes(glob) && !suites.some((f) => globToRegExp(glob).test(f)),
    )
    expect(empty).toEqual([])
  })
})
