import { z } from 'zod'
import { SENTIMENT_LABELS } from '@mouthpiece/contracts/sentiment/sentiment.schemas'
import { safeRequest } from '../../../platform/http/safe-fetch'
import { SourceHttpError, readJson } from '../../../platform/http/upstream'
import type { SentimentEngine, TextItem, Verdict } from './engine'
import { labelOf } from './engine'

export interface LlmSettings {
  baseUrl: string
  apiKey?: string
  model: string
  prompt: string
  /** Hosts the SSRF-safe fetcher lets through although private (a local engine the operator allowed). */
  allowHosts: readonly string[]
}

/** Largest model answer read. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024

/** Comments per request: small enough for any model's context, large enough to keep calls few. */
const BATCH = 50

const Answer = z.object({
  results: z.array(
    z.object({
      i: z.coerce.number().int(),
      label: z.enum(SENTIMENT_LABELS).optional(),
      score: z.coerce.number().min(-1).max(1),
      reason: z.string().max(300).optional(),
    }),
  ),
})
const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
})

/** What we ask of the model on top of the admin's prompt: a JSON answer we can check. */
const FORMAT =
  'Answer with JSON only: {"results":[{"i":<index>,"label":"positive"|"neutral"|"negative","score":<-1..1>,"reason":"<a few words>"}]} with one entry per input index.'

/**
 * POST {base}/v1/chat/completions, the OpenAI-compatible shape (docs/integrations.md "LLM and image
 * providers"). The base URL may be an admin's, so the call goes through the SSRF-safe fetcher.
 */
export async function chatCompletion(
  s: LlmSettings,
  messages: Array<{ role: 'system' | 'user'; content: string }>,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await safeRequest(
    `${s.baseUrl.replace(/\/$/, '')}/v1/chat/completions`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: s.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_object' },
      }),
      signal,
    },
    { maxBytes: MAX_ANSWER_BYTES, timeoutMs: 60_000, allowHosts: s.allowHosts },
  )
  const res = new Response(new Uint8Array(answer.body), { status: answer.status, headers: answer.headers })
  const body = Completion.safeParse(await readJson(res, 'The language model'))
  if (!body.success)
    throw new SourceHttpError('The language model answered in an unexpected shape', res.status)
  return body.data.choices[0]!.message.content ?? ''
}

async function labelBatch(s: LlmSettings, items: TextItem[]): Promise<Verdict[]> {
  const content = await chatCompletion(s, [
    { role: 'system', content: `${s.prompt}\n\n${FORMAT}` },
    {
      role: 'user',
      content: JSON.stringify(items.map((item, i) => ({ i, text: item.text.slice(0, 2000) }))),
    },
  ])
  let parsed: z.infer<typeof Answer>
  try {
    // Some models wrap JSON in a code fence despite response_format.
    parsed = Answer.parse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')))
  } catch {
    throw new SourceHttpError('The language model did not answer with the JSON asked for', 200)
  }
  const byIndex = new Map(parsed.results.map((r) => [r.i, r]))
  return items.map((_, i) => {
    const r = byIndex.get(i)
    if (!r) return { label: 'neutral', score: 0, words: [], reason: 'The model gave no answer for this one' }
    return { label: r.label ?? labelOf(r.score), score: r.score, words: [], reason: r.reason ?? null }
  })
}

/** The LLM engine: the admin's prompt and model over an OpenAI-compatible API, in batches. */
export function createLlmEngine(s: LlmSettings): SentimentEngine {
  return {
    name: 'llm',
    version: `llm:${s.model}`,
    model: s.model,
    prompt: s.prompt,
    async label(items) {
      const out: Verdict[] = []
      for (let i = 0; i < items.length; i += BATCH)
        out.push(...(await labelBatch(s, items.slice(i, i + BATCH))))
      return out
    },
  }
}
