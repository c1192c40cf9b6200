/**
 * The scraper task: queued by the branding page (or an admin), run by the `ads.scrape` job, its
 * progress told over the socket. On success one transaction writes the brand with every value
 * unconfirmed (source and confidence kept); on failure the task says why and nothing else exists.
 */
import type { ScrapeTask } from '@mouthpiece/contracts/ads/scraper.schemas'
import { SCRAPE_TASK_NOT_FOUND } from '@mouthpiece/contracts/ads/scraper.schemas'
import { DEFAULT_BRAND_VOICE, DEFAULT_CAPTION_STYLE } from '@mouthpiece/contracts/ads/brands.schemas'
import type { AdsDeps } from '../ads.deps'
import { AppError, humanPart } from '../../../platform/http/errors'
import { allowHostsFrom, assertFetchableUrl } from '../../../platform/http/safe-fetch'
import { loadAdsConfig } from '../ads.config'
import { insertBrand, insertColours, insertFont, insertImage, insertLogo } from '../brands/brands.repo'
import { brandFileKey, FONT_MIME } from '../brands/brand-files'
import { emitAdProject } from '../projects/ad-projects.service'
import { findAdProject } from '../projects/ad-projects.repo'
import { adProjectNotFound } from '../projects/ad-projects.service'
import * as repo from './scraper.repo'
import type { AdScrapeTaskRow } from './scraper.table'
import { ensureScrapeQueue, SCRAPE_QUEUE } from '../ads.queues'
import { scrapeSite } from './site-reader'
import type { ScrapedKit, ScrapeOptions } from './site-reader'

const taskNotFound = () => new AppError('not_found', SCRAPE_TASK_NOT_FOUND, 404)
export const SCRAPE_FAILED_FALLBACK = 'We could not read this site. Please check the address and try again.'

export const presentTask = (r: AdScrapeTaskRow): ScrapeTask => ({
  id: r.id,
  url: r.url,
  status: r.status,
  progress: r.progress,
  stage: r.stage,
  error: r.error,
  warnings: r.warnings,
  brand_id: r.brand_id,
  ad_project_id: r.ad_project_id,
  attempts: r.attempts,
  duration_ms: r.duration_ms,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

const emitTask = (deps: AdsDeps, row: AdScrapeTaskRow) =>
  emitAdProject(deps, row.user_id, { type: 'scrape', task: presentTask(row), project_id: row.ad_project_id })

/** Queues a scrape of `url` for `userId`. The address is checked at once, so a private one is refused here with a clear 400. */
export async function startScrape(
  deps: AdsDeps,
  userId: number,
  url: string,
  opts: { adProjectId?: number; by?: 'user' | 'admin' } = {},
): Promise<ScrapeTask> {
  await assertFetchableUrl(url, { allowHosts: allowHostsFrom(deps.config) })
  if (opts.adProjectId !== undefined && !(await findAdProject(deps.db, opts.adProjectId, userId)))
    throw adProjectNotFound()
  await ensureScrapeQueue(deps)
  const row = await deps.db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, {
      user_id: userId,
      url,
      ad_project_id: opts.adProjectId ?? null,
      requested_by: opts.by ?? 'user',
      stage: 'Waiting to start',
    })
    await deps.queue.send(SCRAPE_QUEUE, { taskId: task.id }, { tx })
    return task
  })
  await emitTask(deps, row)
  return presentTask(row)
}

export async function getTask(deps: AdsDeps, userId: number, id: string): Promise<ScrapeTask> {
  const row = await repo.findTask(deps.db, id, userId)
  if (!row) throw taskNotFound()
  return presentTask(row)
}

/** `POST api/ads/retry-extraction/{id}`: only a failed task runs again (a running or finished one is left alone). */
export async function retryScrape(
  deps: AdsDeps,
  userId: number | undefined,
  id: string,
): Promise<ScrapeTask> {
  const row = await repo.findTask(deps.db, id, userId)
  if (!row) throw taskNotFound()
  if (row.status !== 'failed') throw new AppError('not_failed', 'Only a failed scrape can be retried.', 409)
  await ensureScrapeQueue(deps)
  const again = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateTask(tx, id, {
      status: 'queued',
      progress: 0,
      stage: 'Waiting to start',
      error: null,
      warnings: [],
      finished_at: null,
    })
    await deps.queue.send(SCRAPE_QUEUE, { taskId: id }, { tx })
    return updated!
  })
  await emitTask(deps, again)
  return presentTask(again)
}

/** The job: scrape, then write the brand in one go. Test hooks (`resolve`) come through `opts`. */
export async function runScrape(
  deps: AdsDeps,
  taskId: string,
  opts: Pick<ScrapeOptions, 'resolve'> = {},
): Promise<void> {
  const task = await repo.findTask(deps.db, taskId)
  if (!task || task.status === 'completed') return
  const config = loadAdsConfig()
  const started = Date.now()
  let last = 0
  const setProgress = async (progress: number, stage: string) => {
    const row = await repo.updateTask(deps.db, taskId, { status: 'running', progress, stage })
    // The socket hears every stage; fine-grained progress is throttled to a few a second.
    if (row && (Date.now() - last > 150 || progress >= 90)) {
      last = Date.now()
      await emitTask(deps, row)
    }
  }
  await repo.updateTask(deps.db, taskId, { attempts: task.attempts + 1 })
  try {
    const kit = await scrapeSite(task.url, {
      allowHosts: allowHostsFrom(deps.config),
      resolve: opts.resolve,
      pageTimeoutMs: config.ADS_SCRAPE_PAGE_TIMEOUT_MS,
      budgetMs: config.ADS_SCRAPE_BUDGET_MS,
      onProgress: setProgress,
    })
    await setProgress(90, 'Saving the brand')
    const brandId = await saveScrapedBrand(deps, task, kit)
    const done = await repo.updateTask(deps.db, taskId, {
      status: 'completed',
      progress: 100,
      stage: 'Done',
      brand_id: brandId,
      warnings: kit.warnings,
      duration_ms: Date.now() - started,
      finished_at: new Date(),
    })
    if (done) await emitTask(deps, done)
  } catch (e) {
    const message = e instanceof AppError ? humanPart(e.message) : SCRAPE_FAILED_FALLBACK
    const failed = await repo.updateTask(deps.db, taskId, {
      status: 'failed',
      stage: 'Failed',
      error: message,
      duration_ms: Date.now() - started,
      finished_at: new Date(),
    })
    if (failed) await emitTask(deps, failed)
    if (!(e instanceof AppError)) throw e
  }
}

/** Stores the files, then the brand and its parts in one transaction; files of a failed write are removed. */
async function saveScrapedBrand(deps: AdsDeps, task: AdScrapeTaskRow, kit: ScrapedKit): Promise<number> {
  const keys: string[] = []
  const put = async (ext: string, data: Buffer, mime: string, brandId: number) => {
    const key = brandFileKey(task.user_id, brandId, ext)
    await deps.storage.put(key, data, mime)
    keys.push(key)
    return key
  }
  const scraped = (f: { source: string; detail: string | null; confidence: number }) => ({
    source: f.source,
    source_detail: f.detail?.slice(0, 500) ?? null,
    confidence: f.confidence,
    confirmed: false,
  })
  const siteSource = (f: { source: string; detail: string | null; confidence: number }) => ({
    source: f.source,
    detail: f.detail?.slice(0, 500) ?? null,
    confidence: f.confidence,
    confirmed: false,
  })
  try {
    return await deps.db.transaction(async (tx) => {
      const brand = await insertBrand(tx, {
        user_id: task.user_id,
        name: kit.name.value,
        description: kit.description.value,
        website: kit.finalUrl,
        scrape_task_id: task.id,
        voice: DEFAULT_BRAND_VOICE,
        caption_style: DEFAULT_CAPTION_STYLE,
        site_copy: {
          headlines: kit.headlines.map((l) => ({ text: l.value, ...siteSource(l) })),
          ctas: kit.ctas.map((l) => ({ text: l.value, ...siteSource(l) })),
        },
        field_sources: {
          name: {
            source: kit.name.source,
            detail: kit.name.detail,
            confidence: kit.name.confidence,
            confirmed: false,
          },
          description: {
            source: kit.description.source,
            detail: kit.description.detail,
            confidence: kit.description.confidence,
            confirmed: false,
          },
        },
      })
      if (kit.colours.length)
        await insertColours(
          tx,
          kit.colours.map((c, i) => ({
            brand_id: brand.id,
            hex: c.hex,
            role: c.role,
            name: c.name.slice(0, 40),
            position: i,
            ...scraped(c),
          })),
        )
      for (const [i, logo] of kit.logos.entries()) {
        const ext = logo.probed.format === 'jpeg' ? 'jpg' : logo.probed.format
        const key = await put(ext, logo.data, logo.probed.mime, brand.id)
        await insertLogo(tx, {
          brand_id: brand.id,
          file_key: key,
          mime: logo.probed.mime,
          width: logo.probed.width,
          height: logo.probed.height,
          bytes: logo.data.length,
          is_primary: i === 0,
          ...scraped(logo),
        })
      }
      for (const image of kit.images) {
        const key = await put(
          image.probed.format === 'jpeg' ? 'jpg' : image.probed.format,
          image.data,
          image.probed.mime,
          brand.id,
        )
        await insertImage(tx, {
          brand_id: brand.id,
          file_key: key,
          mime: image.probed.mime,
          width: image.probed.width,
          height: image.probed.height,
          bytes: image.data.length,
          ...scraped(image),
        })
      }
      for (const font of kit.fonts) {
        const key =
          font.data && font.format
            ? await put(font.format, font.data, FONT_MIME[font.format], brand.id)
            : null
        await insertFont(tx, {
          brand_id: brand.id,
          family: font.family,
          weight: font.weight,
          style: font.style,
          role: font.role,
          file_key: key,
          format: key ? font.format : null,
          note: font.note,
          ...scraped(font),
        })
      }
      return brand.id
    })
  } catch (e) {
    await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)))
    throw e
  }
}

export async function listAllTasks(deps: AdsDeps, page: number) {
  const PER = 25
  const { rows, total } = await repo.listTasks(deps.db, PER, (page - 1) * PER)
  return { rows, total, lastPage: Math.max(1, Math.ceil(total / PER)) }
}
