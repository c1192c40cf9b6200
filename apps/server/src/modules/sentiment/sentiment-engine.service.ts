import { AppError } from '../../platform/http/errors'
import type { SentimentEngine } from './engines/engine'
import { createLexiconEngine, lexiconVersion } from './engines/lexicon'
import { createLlmEngine } from './engines/llm'
import { DEFAULT_SLANG } from './engines/slang'
import * as repo from './sentiment.repo'
import type { SentimentDeps } from './sentiment.deps'

export async function currentSlang(deps: SentimentDeps) {
  const rows = await repo.listSlang(deps.db)
  return rows.map((r) => ({ word: r.word, score: r.score }))
}

export async function currentLexiconVersion(deps: SentimentDeps) {
  return lexiconVersion(await currentSlang(deps))
}

export const seedSlang = (deps: SentimentDeps) => repo.seedSlang(deps.db, DEFAULT_SLANG)

/**
 * The engine a run uses: the LLM when a prompt and a model are set (the run's own setting first,
 * then the admin's default) and an endpoint is known; the offline lexicon otherwise.
 */
export async function pickEngine(
  deps: SentimentDeps,
  runSetting?: { prompt: string | null; model: string | null } | null,
): Promise<SentimentEngine> {
  const defaults = await repo.getSettings(deps.db)
  const prompt = runSetting?.prompt ?? defaults.prompt
  const model = runSetting?.model ?? defaults.model
  if (prompt && model) {
    const baseUrl = defaults.base_url ?? deps.config.SENTIMENT_LLM_URL
    if (!baseUrl)
      throw new AppError(
        'llm_not_configured',
        'A model is set for sentiment but no language-model endpoint is configured. Ask the admin to set its URL.',
        503,
      )
    return createLlmEngine({
      baseUrl,
      apiKey: deps.config.SENTIMENT_LLM_API_KEY,
      model,
      prompt,
      allowHosts: deps.llmAllowHosts,
    })
  }
  return createLexiconEngine(await currentSlang(deps))
}
