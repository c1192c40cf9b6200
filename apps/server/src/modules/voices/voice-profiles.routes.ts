import {
  adminAddVoiceTag,
  adminDeleteVoiceProfile,
  adminDeleteVoiceTag,
  adminExportVoiceProfiles,
  adminGetVoiceProfile,
  adminImportVoiceEmotions,
  adminListVoiceProfiles,
  adminListVoiceTags,
  adminStoreVoiceProfile,
  adminUpdateVoiceProfile,
  adminUpdateVoiceProfileForm,
  listVoiceProfiles,
  MAX_EMOTION_CSV_BYTES,
} from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { FastifyRequest } from 'fastify'
import type { HttpContext } from '../../platform/context'
import type { VoicesDeps } from './voices.deps'
import { listPage, scanAll } from '../../platform/db/list-query'
import { sendCsvStream } from '../../platform/http/csv-stream'
import { fieldError } from '../../platform/http/errors'
import { partLimits, readForm, readUpload, wholeFile } from '../../platform/http/form-upload'
import type { FormInput } from '../../platform/http/form-upload'
import { auditActorOf, recordAudit } from '../audit'
import * as repo from './voice-profiles.repo'
import * as profiles from './voice-profiles.service'
import { MAX_SAMPLE_BYTES } from './voice-profiles.service'

const SAMPLE_TOO_LARGE = `The sample is too large. Please upload one under ${MAX_SAMPLE_BYTES / 1024 / 1024} MB.`

/** SPEC §7 admin "Voice profiles" (list, store, get, update, delete, tags) and the list voice pickers read. */
export function registerVoiceProfilesRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  const deps: VoicesDeps = ctx
  profiles.registerProfileSpeech(db)
  /** A form with its `sample` (cut short at the size limit: the 413). */
  const form = async (req: FastifyRequest): Promise<FormInput> => {
    const read = await readForm(
      req.isMultipart() ? req.parts(partLimits(MAX_SAMPLE_BYTES)) : undefined,
      'sample',
    )
    return { ...read, file: wholeFile(read.file, 'sample', SAMPLE_TOO_LARGE) }
  }

  route(listVoiceProfiles, async () => profiles.publicList(deps))

  route(adminListVoiceProfiles, async ({ query }) => {
    const page = await listPage(db, repo.profileListSpec, {
      where: repo.profileWhere(query),
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      perPage: query.per_page,
    })
    return { ...page, list: await profiles.presentMany(deps, page.list) }
  })
  route(adminExportVoiceProfiles, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'voice-profiles.export', { meta: { filter, sort, dir } })
    return sendCsvStream(
      reply,
      'voice-profiles',
      ['id', 'name', 'engine_voice_id', 'rate', 'pitch', 'description', 'sample_seconds', 'created_at'],
      scanAll(db, repo.profileListSpec, { where: repo.profileWhere(filter), sort, dir }),
      (r) => [
        r.id,
        r.name,
        r.engine_voice_id,
        r.rate,
        r.pitch,
        r.description,
        r.sample_seconds,
        r.created_at.toISOString(),
      ],
    )
  })
  route(
    adminStoreVoiceProfile,
    async ({ req, actor }) => ({
      profile: await profiles.storeProfile(deps, auditActorOf(actor), await form(req)),
    }),
    { bodyLimit: MAX_SAMPLE_BYTES + 1024 * 1024 },
  )
  route(adminGetVoiceProfile, async ({ params }) => ({ profile: await profiles.getProfile(deps, params.id) }))
  route(adminUpdateVoiceProfile, async ({ params, body, actor }) => ({
    profile: await profiles.updateProfile(deps, auditActorOf(actor), params.id, body),
  }))
  route(
    adminUpdateVoiceProfileForm,
    async ({ params, req, actor }) => {
      const { fields, file } = await form(req)
      const { _method, ...rest } = fields
      // Form data cannot be sent with PUT by every client: the POST says which method it means.
      if (String(_method ?? '').toUpperCase() !== 'PUT')
        throw fieldError('_method', 'Send _method=PUT to update a voice profile with form data')
      return { profile: await profiles.updateProfile(deps, auditActorOf(actor), params.id, rest, file) }
    },
    { bodyLimit: MAX_SAMPLE_BYTES + 1024 * 1024 },
  )
  route(adminDeleteVoiceProfile, async ({ params, actor }) => {
    await profiles.deleteProfile(deps, auditActorOf(actor), params.id)
    return { deleted: true as const }
  })
  route(adminImportVoiceEmotions, async ({ params, req, actor }) =>
    profiles.importEmotions(
      deps,
      auditActorOf(actor),
      params.id,
      await readUpload(req, 'file', MAX_EMOTION_CSV_BYTES),
    ),
  )

  route(adminListVoiceTags, async ({ query }) => ({ tags: await repo.listTags(db, query.filter) }))
  route(adminAddVoiceTag, async ({ body, actor }) => ({
    tag: await profiles.addTag(deps, auditActorOf(actor), body.category, body.name),
  }))
  route(adminDeleteVoiceTag, async ({ params, actor }) => {
    await profiles.deleteTag(deps, auditActorOf(actor), params.id)
    return { deleted: true as const }
  })
}
