import { Readable } from 'node:stream'
import { AD_ROW_COLUMNS } from '@mouthpiece/contracts/adimport/adimport.schemas'
import type { AdRow, ImportSummary } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { csvCell } from '../../platform/http/csv'
import * as repo from './adimport.repo'
import type { AdAccountRow, ImportRow, InsightRow, StoredRow } from './adimport.repo'
import type { AdImportDeps } from './adimport.deps'

/** Rows per write (one array per column, so the size is bounded by memory, not by parameters). */
const WRITE_BATCH = 5000

export const presentImport = (row: ImportRow | undefined): ImportSummary | null =>
  row
    ? {
        id: row.id,
        status: row.status,
        rows: row.rows,
        inserted: row.inserted,
        changed: row.changed,
        unchanged: row.unchanged,
        message: row.message,
        finished_at: row.finished_at?.toISOString() ?? null,
      }
    : null

/**
 * Imports an account's rows as the platform pages them: each page is written before the next is
 * asked for (memory stays one page), and the import row says what was new, what changed and what
 * stayed the same. A failure marks the import failed with the reason, so a half import is never
 * shown as complete; the error goes on to the caller.
 */
export async function runImport(
  deps: AdImportDeps,
  account: AdAccountRow,
  pages: AsyncIterable<InsightRow[]>,
): Promise<ImportSummary> {
  const started = await repo.startImport(deps.db, account.id)
  const n = { rows: 0, inserted: 0, changed: 0 }
  const write = async (batch: InsightRow[]) => {
    const r = await repo.upsertRows(deps.db, account.id, started.id, batch)
    n.rows += batch.length
    n.inserted += r.inserted
    n.changed += r.changed
  }
  try {
    // The next page is fetched while this one is written (two pages in memory at most), and small
    // pages are gathered up to WRITE_BATCH rows per statement.
    const it = pages[Symbol.asyncIterator]()
    let pending: InsightRow[] = []
    // A failure of the page fetched ahead is handled when it is awaited; the no-op catch keeps it
    // from counting as unhandled while the current page is being written.
    const fetchNext = () => {
      const p = it.next()
      p.catch(() => {})
      return p
    }
    let ahead = fetchNext()
    for (;;) {
      const page = await ahead
      if (page.done) break
      ahead = fetchNext()
      pending.push(...page.value)
      if (pending.length >= WRITE_BATCH) {
        await write(pending)
        pending = []
      }
    }
    if (pending.length) await write(pending)
  } catch (err) {
    await repo.finishImport(deps.db, started.id, {
      status: 'failed',
      ...n,
      unchanged: n.rows - n.inserted - n.changed,
      message: `Stopped after ${n.rows} rows: ${(err as Error).message}`.slice(0, 500),
    })
    throw err
  }
  return presentImport(
    await repo.finishImport(deps.db, started.id, {
      status: 'completed',
      ...n,
      unchanged: n.rows - n.inserted - n.changed,
    }),
  )!
}

const micros = (m: number) => Math.round(m) / 1_000_000
export function presentTotals(rows: Awaited<ReturnType<typeof repo.totals>>) {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    impressions: r.impressions,
    clicks: r.clicks,
    spend: micros(r.spend_micros),
    currency: r.currency,
    conversions: r.conversions,
    ctr: r.impressions ? Math.round((r.clicks / r.impressions) * 10_000) / 10_000 : 0,
  }))
}

export function presentRow(account: AdAccountRow, r: StoredRow): AdRow {
  return {
    platform: account.platform,
    account_id: account.external_id,
    account_name: account.name,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    ad_group_id: r.group_id,
    ad_group_name: r.group_name,
    ad_id: r.ad_id,
    ad_name: r.ad_name,
    date: r.day,
    impressions: r.impressions,
    clicks: r.clicks,
    spend: micros(r.spend_micros),
    currency: r.currency,
    conversions: r.conversions,
  }
}

/** The account's rows as CSV (the one header both platforms share), read from the table 5,000 at a time. */
export function rowsCsv(deps: AdImportDeps, account: AdAccountRow, where?: { group_id?: string }): Readable {
  async function* lines() {
    yield `\uFEFF${AD_ROW_COLUMNS.join(',')}\r\n`
    let after: { ad_id: string; day: string } | null = null
    for (;;) {
      const rows = await repo.rowsAfter(deps.db, account.id, after, 5000, where)
      if (!rows.length) return
      yield (
        rows
          .map((r) => {
            const row = presentRow(account, r)
            return AD_ROW_COLUMNS.map((c) => csvCell(row[c])).join(',')
          })
          .join('\r\n') + '\r\n'
      )
      const last = rows[rows.length - 1]!
      after = { ad_id: last.ad_id, day: last.day }
    }
  }
  return Readable.from(lines())
}

export async function firstRows(
  deps: AdImportDeps,
  account: AdAccountRow,
  limit: number,
  where?: { group_id?: string },
) {
  return (await repo.rowsAfter(deps.db, account.id, null, limit, where)).map((r) => presentRow(account, r))
}
