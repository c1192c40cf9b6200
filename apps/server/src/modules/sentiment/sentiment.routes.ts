import {
  adminAddToBlacklist,
  adminAnalysisBlacklist,
  adminDeleteSentiment,
  adminExportSentiment,
  adminRemoveFromBlacklist,
  adminSaveSentimentDefault,
  adminSaveSentimentSetting,
  adminSaveSlang,
  adminSearchUsers,
  adminSentimentDefault,
  adminSentimentHistory,
  adminSentimentResult,
  adminSlang,
  analyze,
  analyzeAgain,
  exportSentiment,
  getSentiment,
  myAnalyses,
  planAnalysis,
  searchVideo,
} from '@mouthpiece/contracts/sentiment/sentiment.contract'
import type { HttpContext, Platform } from '../../platform/context'
import { csvFileName, csvHeaders } from '../../platform/http/csv'
import * as admin from './sentiment-admin.service'
import { seedSlang } from './sentiment-engine.service'
import * as run from './sentiment-run.service'
import * as sentiment from './sentiment.service'
import { sentimentDeps } from './sentiment.deps'
import { ensureSentimentQueue } from './sentiment.queues'

/** SPEC §7 "Sentiment (user)" and its admin calls, with the analysis blacklist. */
export async function registerSentimentRoutes(ctx: HttpContext) {
  const { route } = ctx
  const deps = sentimentDeps(ctx)
  // Runs are sent from here: the queue exists before the first one (workers may live elsewhere).
  await ensureSentimentQueue(deps)
  const RUNS_PER_MINUTE = { max: deps.config.SENTIMENT_RUNS_PER_MINUTE, timeWindow: 60_000 }
  route(searchVideo, async ({ query, actor }) => sentiment.search(deps, actor.user.id, query.query), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  })
  route(planAnalysis, async ({ body, actor }) => sentiment.plan(deps, actor.user.id, body))
  route(analyze, async ({ body, actor }) => run.startAnalysis(deps, actor.user.id, body), {
    rateLimit: RUNS_PER_MINUTE,
  })
  route(
    analyzeAgain,
    async ({ body, actor }) => run.startAnalysisAgain(deps, actor.user.id, body.sentiment_id),
    { rateLimit: RUNS_PER_MINUTE },
  )
  route(getSentiment, async ({ query, actor }) => sentiment.result(deps, query.sentiment_id, actor.user.id))
  route(exportSentiment, async ({ query, actor, reply }) =>
    reply
      .headers(csvHeaders(csvFileName('sentiment')))
      .send(sentiment.resultCsv(await sentiment.result(deps, query.sentiment_id, actor.user.id))),
  )
  route(adminExportSentiment, async ({ query, reply }) =>
    reply
      .headers(csvHeaders(csvFileName('sentiment')))
      .send(sentiment.resultCsv(await sentiment.result(deps, query.id))),
  )
  route(myAnalyses, async ({ query, actor }) => sentiment.history(deps, { userId: actor.user.id, ...query }))

  route(adminSentimentDefault, async () => admin.defaultSetting(deps))
  route(adminSaveSentimentDefault, async ({ body }) => admin.saveDefault(deps, body))
  route(adminSaveSentimentSetting, async ({ body }) => admin.saveRunSetting(deps, body))
  route(adminSentimentHistory, async ({ query }) => sentiment.history(deps, query))
  route(adminSentimentResult, async ({ query }) => sentiment.result(deps, query.id))
  route(adminDeleteSentiment, async ({ body }) => admin.remove(deps, body.id))
  route(adminSlang, async () => admin.slang(deps))
  route(adminSaveSlang, async ({ body }) => admin.saveSlang(deps, body.words))
  route(adminSearchUsers, async ({ query }) => admin.searchUsers(deps, query.search))
  route(adminAnalysisBlacklist, async () => admin.blacklist(deps))
  route(adminAddToBlacklist, async ({ body }) => admin.addToBlacklist(deps, body.user_id))
  route(adminRemoveFromBlacklist, async ({ body }) => admin.removeFromBlacklist(deps, body.user_id))
}

/** The default slang list, once, on a fresh database. */
export const seedSentiment = (p: Platform) => seedSlang(sentimentDeps(p))
