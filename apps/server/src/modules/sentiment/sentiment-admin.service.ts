import { AppError, notFound } from '../../platform/http/errors'
import { assertFetchableUrl } from '../../platform/http/safe-fetch'
import { findUserById, searchUsers as searchUsersIn, userNamesByIds } from '../users'
import { lexiconVersion } from './engines/lexicon'
import { currentLexiconVersion } from './sentiment-engine.service'
import * as repo from './sentiment.repo'
import type { SentimentDeps } from './sentiment.deps'

const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null)

export async function defaultSetting(deps: SentimentDeps) {
  const s = await repo.getSettings(deps.db)
  return {
    prompt: s.prompt,
    model: s.model,
    base_url: s.base_url,
    llm_configured: !!(s.base_url ?? deps.config.SENTIMENT_LLM_URL),
    lexicon_version: await currentLexiconVersion(deps),
  }
}

/** The engine's base URL is checked as every call to it is (SSRF-safe fetcher): a private or local address is refused at once, unless the operator allowed its host. */
export async function saveDefault(
  deps: SentimentDeps,
  body: { prompt: string | null; model: string | null; base_url?: string | null },
) {
  const baseUrl = clean(body.base_url)
  if (baseUrl)
    await assertFetchableUrl(baseUrl, { allowHosts: deps.llmAllowHosts }).catch((err: unknown) => {
      if (err instanceof AppError && err.errors?.url)
        throw new AppError(err.code, err.message, err.status, { base_url: err.errors.url })
      throw err
    })
  const s = await repo.saveSettings(deps.db, {
    prompt: clean(body.prompt),
    model: clean(body.model),
    base_url: clean(body.base_url),
  })
  return { prompt: s.prompt, model: s.model, base_url: s.base_url }
}

/** One run's own prompt and model: its next analyse-again uses them. */
export async function saveRunSetting(
  deps: SentimentDeps,
  body: { id: string; prompt: string | null; model: string | null },
) {
  const [row] = await repo.setRunSetting(deps.db, body.id, {
    prompt: clean(body.prompt),
    model: clean(body.model),
  })
  if (!row) throw notFound('Analysis')
  return { ok: true as const }
}

export async function remove(deps: SentimentDeps, id: string) {
  const [row] = await repo.deleteRun(deps.db, id)
  if (!row) throw notFound('Analysis')
  return { deleted: true as const }
}

export async function slang(deps: SentimentDeps) {
  const words = (await repo.listSlang(deps.db)).map((r) => ({ word: r.word, score: r.score }))
  return { words, lexicon_version: lexiconVersion(words) }
}
export async function saveSlang(deps: SentimentDeps, words: Array<{ word: string; score: number }>) {
  const unique = [...new Map(words.map((w) => [w.word, w])).values()]
  await repo.replaceSlang(deps.db, unique)
  return slang(deps)
}

export async function searchUsers(deps: SentimentDeps, text: string) {
  return { users: await searchUsersIn(deps.db, text, 20) }
}
/** Each blacklisted user with their name and email (an entry goes with its user: a cascade). */
async function blacklistedUsers(deps: SentimentDeps) {
  const rows = await repo.listBlacklist(deps.db)
  const people = await userNamesByIds(
    deps.db,
    rows.map((r) => r.id),
  )
  return rows.flatMap((r) => {
    const p = people.get(r.id)
    return p ? [{ id: r.id, username: p.username, email: p.email, added_at: r.added_at.toISOString() }] : []
  })
}
export async function blacklist(deps: SentimentDeps) {
  return {
    users: await blacklistedUsers(deps),
  }
}
export async function addToBlacklist(deps: SentimentDeps, userId: number) {
  if (!(await findUserById(deps.db, userId))) throw notFound('User')
  await repo.addToBlacklist(deps.db, userId)
  return { ok: true as const }
}
export async function removeFromBlacklist(deps: SentimentDeps, userId: number) {
  await repo.removeFromBlacklist(deps.db, userId)
  return { ok: true as const }
}
