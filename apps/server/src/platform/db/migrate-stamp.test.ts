import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, pgliteMigrationStamp } from './client'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-migrate-stamp-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it(
  'an embedded database migrates once; later starts skip it while the migrations are the same files',
  { timeout: 90_000 },
  async () => {
    const pgliteDir = path.join(dir, 'db')
    const stamp = pgliteMigrationStamp(pgliteDir)
    let database = await openDatabase({ pgliteDir })
    await migrateDatabase(database, { stamp })
    const digest = fs.readFileSync(stamp, 'utf8')
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    const tables = await database.raw.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    )
    expect(tables.rows[0]!.n).toBeGreaterThan(5)
    await database.close()

    // Same files: the database is not asked at all (a closed one would fail if it were).
    await expect(migrateDatabase(database, { stamp })).resolves.toBe(false)
    // A stamp for other files (a migration added since): the migrations run, and the stamp follows.
    fs.writeFileSync(stamp, 'an older set of migrations')
    await expect(migrateDatabase(database, { stamp })).rejects.toThrow()
    database = await openDatabase({ pgliteDir })
    await migrateDatabase(database, { stamp })
    expect(fs.readFileSync(stamp, 'utf8')).toBe(digest)
    await database.close()
  },
)
