import { z } from 'zod'
import { boundedText } from '../ids'
import { defineRoute } from '../define-route'
import { UserId, pageOf } from '../users/users.schemas'
import {
  AnalysisStarted,
  AnalyzeAgainBody,
  AnalyzeBody,
  PlanBody,
  QuotaPlan,
  SearchVideoQuery,
  SearchVideoResult,
  SentimentIdQuery,
  SentimentResult,
  SentimentRun,
  SentimentSetting,
  SlangWord,
} from './sentiment.schemas'

// SPEC §7 "Sentiment (user)": search-video {query}, analyze {selected_video_ids}, analyze-again, get {sentiment_id}.
export const searchVideo = defineRoute({
  method: 'GET',
  path: '/api/sentiment/search-video',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Videos to analyse (YouTube, or own videos offline)',
  query: SearchVideoQuery,
  response: SearchVideoResult,
})
export const planAnalysis = defineRoute({
  method: 'POST',
  path: '/api/sentiment/plan',
  auth: 'user',
  requiresEnabled: true,
  summary: 'The YouTube quota a run will spend, against what is left today',
  body: PlanBody,
  response: QuotaPlan,
})
export const analyze = defineRoute({
  method: 'POST',
  path: '/api/sentiment/analyze',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Start analysing the picked videos (a job; follow it with get or the sentiment event)',
  body: AnalyzeBody,
  response: AnalysisStarted,
})
export const analyzeAgain = defineRoute({
  method: 'POST',
  path: '/api/sentiment/analyze-again',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Start an analysis again (a job); its result shows what changed',
  body: AnalyzeAgainBody,
  response: AnalysisStarted,
})
export const getSentiment = defineRoute({
  method: 'GET',
  path: '/api/sentiment/get',
  auth: 'user',
  requiresEnabled: true,
  summary: 'One analysis with its comments',
  query: SentimentIdQuery,
  response: SentimentResult,
})
/** The same analysis as CSV: an overall row, a row a video, then a row a comment with its score and why. */
export const exportSentiment = defineRoute({
  method: 'GET',
  path: '/api/sentiment/export',
  auth: 'user',
  requiresEnabled: true,
  summary: 'One analysis as CSV: the summary, each video, each comment with its score',
  query: SentimentIdQuery,
})
const HistoryQuery = z.object({
  page: boundedText(1, 100_000, 'page must be a whole number from 1').default(1),
  limit: boundedText(1, 100, 'limit must be a whole number from 1 to 100').default(10),
})
export const myAnalyses = defineRoute({
  method: 'GET',
  path: '/api/sentiment/history',
  auth: 'user',
  requiresEnabled: true,
  summary: "The creator's own analyses, newest first",
  query: HistoryQuery,
  response: pageOf(SentimentRun),
})

// SPEC §7 admin "Sentiment": save setting {id, prompt, model}; default setting {prompt, model}; history; delete; result.
export const adminSentimentDefault = defineRoute({
  method: 'GET',
  path: '/api/admin/sentiment/default-setting',
  auth: 'admin',
  summary: 'The default prompt and model',
  response: SentimentSetting.extend({ llm_configured: z.boolean(), lexicon_version: z.string() }),
})
export const adminSaveSentimentDefault = defineRoute({
  method: 'POST',
  path: '/api/admin/sentiment/default-setting',
  auth: 'admin',
  summary: 'Set the default prompt and model (both empty: lexicon)',
  body: SentimentSetting,
  response: SentimentSetting,
})
export const adminSaveSentimentSetting = defineRoute({
  method: 'POST',
  path: '/api/admin/sentiment/save-setting',
  auth: 'admin',
  summary: 'Prompt and model for one analysis (used by its next run)',
  body: SentimentSetting.extend({ id: z.string().uuid('Invalid analysis id') }),
  response: z.object({ ok: z.literal(true) }),
})
export const adminSentimentHistory = defineRoute({
  method: 'GET',
  path: '/api/admin/sentiment/history',
  auth: 'admin',
  summary: 'Every analysis, newest first',
  query: HistoryQuery,
  response: pageOf(SentimentRun.extend({ username: z.string() })),
})
export const adminSentimentResult = defineRoute({
  method: 'GET',
  path: '/api/admin/sentiment/result',
  auth: 'admin',
  summary: 'One analysis with its comments',
  query: z.object({ id: z.string().uuid('Invalid analysis id') }),
  response: SentimentResult,
})
export const adminExportSentiment = defineRoute({
  method: 'GET',
  path: '/api/admin/sentiment/export',
  auth: 'admin',
  summary: 'One analysis as CSV (as the creator downloads it)',
  query: z.object({ id: z.string().uuid('Invalid analysis id') }),
})
export const adminDeleteSentiment = defineRoute({
  method: 'POST',
  path: '/api/admin/sentiment/delete',
  auth: 'admin',
  summary: 'Delete one analysis',
  body: z.object({ id: z.string().uuid('Invalid analysis id') }),
  response: z.object({ deleted: z.literal(true) }),
})
export const adminSlang = defineRoute({
  method: 'GET',
  path: '/api/admin/sentiment/slang',
  auth: 'admin',
  summary: 'The streamer/gamer slang list the lexicon adds',
  response: z.object({ words: z.array(SlangWord), lexicon_version: z.string() }),
})
export const adminSaveSlang = defineRoute({
  method: 'POST',
  path: '/api/admin/sentiment/slang',
  auth: 'admin',
  summary: 'Replace the slang list',
  body: z.object({ words: z.array(SlangWord).max(2000) }),
  response: z.object({ words: z.array(SlangWord), lexicon_version: z.string() }),
})

// SPEC §7 admin calls: blacklist users from analysis.
const UserHit = z.object({ id: z.number().int(), username: z.string(), email: z.string() })
export const adminSearchUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/search-users',
  auth: 'admin',
  summary: 'Users whose name or email contains the text',
  query: z.object({ search: z.string().trim().max(100).default('') }),
  response: z.object({ users: z.array(UserHit) }),
})
export const adminAnalysisBlacklist = defineRoute({
  method: 'GET',
  path: '/api/admin/get-analysis-blacklist',
  auth: 'admin',
  summary: 'Users barred from analysis',
  response: z.object({ users: z.array(UserHit.extend({ added_at: z.string() })) }),
})
export const adminAddToBlacklist = defineRoute({
  method: 'POST',
  path: '/api/admin/add-user-to-blacklist',
  auth: 'admin',
  summary: 'Bar a user from analysis',
  body: z.object({ user_id: UserId }),
  response: z.object({ ok: z.literal(true) }),
})
export const adminRemoveFromBlacklist = defineRoute({
  method: 'POST',
  path: '/api/admin/remove-user-from-blacklist',
  auth: 'admin',
  summary: 'Allow a user to run analyses again',
  body: z.object({ user_id: UserId }),
  response: z.object({ ok: z.literal(true) }),
})
