import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/harness'
import type { Database } from './client'
import { COUNT_CAP, listPage, scanCsv } from './list-query'
import { usersCsvCells, usersListSpec, usersWhere } from '../../modules/users/testing'

describe('list-query over more rows than the count cap', () => {
  let database: Database
  let drop: () => Promise<void>
  const ROWS = COUNT_CAP * 3

  beforeAll(async () => {
    ;({ database, drop } = await openTestDatabase())
    await database.raw.exec(`insert into users (username, email, password_hash, is_enabled, created_at)
      select 'lq' || g, 'lq' || g || '@lq.test', 'x', g % 1000 <> 0, now() - (g || ' seconds')::interval from generate_series(1, ${ROWS}) g`)
    await database.raw.exec('analyze users')
  }, 120_000)
  afterAll(async () => {
    await database.close()
    await drop()
  })

  it('shows the estimate ("about N") for a broad filter instead of counting', async () => {
    const page = await listPage(database.db, usersListSpec, { page: 2, perPage: 25 })
    expect(page.list).toHaveLength(25)
    expect(page).toMatchObject({ total_estimated: true, total_capped: false })
    expect(page.total).toBeGreaterThan(ROWS * 0.8)
    expect(page.total).toBeLessThan(ROWS * 1.2)
    expect(page.lastPage).toBe(Math.ceil(page.total / 25))
  })

  it('counts exactly where the filter is narrow, and a short page tells the total itself', async () => {
    const disabled = await listPage(database.db, usersListSpec, {
      where: usersWhere({ status: 'disabled' }),
      page: 1,
      perPage: 10,
    })
    expect(disabled).toMatchObject({
      total: ROWS / 1000,
      total_estimated: false,
      total_capped: false,
      lastPage: 3,
    })
    const last = await listPage(database.db, usersListSpec, {
      where: usersWhere({ status: 'disabled' }),
      page: 3,
      perPage: 10,
    })
    expect(last).toMatchObject({ total: ROWS / 1000, total_estimated: false })
    expect(last.list).toHaveLength(ROWS / 1000 - 20)
  })

  it('exports every row once, in list order, across batches', async () => {
    let text = ''
    for await (const chunk of scanCsv(
      database.db,
      usersListSpec,
      { sort: 'created_at', dir: 'desc' },
      usersCsvCells,
      7_000,
    ))
      text += chunk
    const lines = text.trimEnd().split('\r\n')
    const ids = lines.map((line) => Number(line.split(',')[0]))
    const mine = lines.filter((line) => line.includes('@lq.test')).map((line) => Number(line.split(',')[0]))
    expect(mine).toHaveLength(ROWS)
    // Newest first: generate_series 1 is the newest.
    expect(mine.slice(0, 3)).toEqual([...mine].sort((a, b) => a - b).slice(0, 3))
    expect(new Set(ids).size).toBe(ids.length)
  })
})
