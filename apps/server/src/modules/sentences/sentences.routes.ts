import {
  adminDeleteCategory,
  adminListSentences,
  adminSaveCategory,
  adminUpdateSentences,
  generateSentence,
  listSentenceCategories,
} from '@mouthpiece/contracts/sentences/sentences.contract'
import type { HttpContext } from '../../platform/context'
import * as sentences from './sentences.service'

/** SPEC §7 "sentence categories", "generate-sentence" and the admin "Sentences" calls. */
export function registerSentencesRoutes({ route, db }: HttpContext) {
  const deps = { db }

  route(listSentenceCategories, async () => sentences.listPublic(deps))
  route(generateSentence, async ({ query, reply }) => {
    // Random on every call: never served from a cache.
    void reply.header('cache-control', 'no-store')
    return sentences.generate(deps, query.category, query.exclude)
  })

  route(adminListSentences, async () => sentences.adminList(deps))
  route(adminSaveCategory, async ({ body }) => ({ category: await sentences.save(deps, body) }))
  route(adminUpdateSentences, async ({ body }) => ({
    category: await sentences.updateSentences(deps, body.category_id, body.sentences),
  }))
  route(adminDeleteCategory, async ({ body }) => {
    await sentences.remove(deps, body.category_id)
    return { ok: true as const }
  })
}
