import {
  audioProgress,
  checkAudio,
  downloadAudio,
  listAudioProcesses,
  listVoices,
  previewVoice,
  removeAudio,
  uploadAudio,
} from '@mouthpiece/contracts/voices/voices.contract'
import {
  createPersonalVoice,
  deletePersonalVoice,
  listPersonalVoices,
  renamePersonalVoice,
} from '@mouthpiece/contracts/voices/personal-voices.contract'
import { voiceLibrary } from '@mouthpiece/contracts/voices/voice-library.contract'
import { admission, hangUpSignal } from '../../platform/admission/admission'
import type { HttpContext } from '../../platform/context'
import type { VoicesDeps } from './voices.deps'
import { sendStoredFile } from '../../platform/storage/send-stored-file'
import { ownerOf } from '../../platform/http/visitor'
import * as uploads from './audio-uploads.service'
import { MAX_UPLOAD_BYTES } from './audio-uploads.service'
import * as voices from './voices.service'
import * as personal from './personal-voices.service'
import { registerVoiceProfilesRoutes } from './voice-profiles.routes'
import { voiceLibrary as library } from './voice-library.service'

/** Speech previews cost CPU: a generous per-IP limit that only a script would reach. */
const PREVIEW_RATE_LIMIT = { max: 120, timeWindow: 60_000 }
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 }

/** SPEC §7 voices, previews and "audio upload, check, progress, download, remove file, audio process list". */
export function registerVoicesRoutes(ctx: HttpContext) {
  const { route, db, config } = ctx
  const deps: VoicesDeps = ctx
  const secure = config.publicUrl.startsWith('https:')
  registerVoiceProfilesRoutes(ctx)

  route(listVoices, async ({ reply }) => {
    void reply.header('cache-control', 'public, max-age=300')
    return voices.voicesList()
  })
  // The caller's own voices are in it: never cached by a shared cache.
  route(voiceLibrary, async ({ actor, reply }) => {
    void reply.header('cache-control', 'private, no-cache')
    return library(ctx, actor.kind === 'user' ? actor.user.id : null)
  })
  // Festival and ffmpeg per call: the speech gate bounds how many run, and refuses the rest at once.
  route(
    previewVoice,
    async ({ body, actor, req, reply }) =>
      admission('speech').run(
        (signal) => voices.preview(db, ownerOf(req, reply, actor), body, signal),
        hangUpSignal(reply.raw),
      ),
    { rateLimit: PREVIEW_RATE_LIMIT, admission: 'speech' },
  )

  route(listPersonalVoices, async ({ actor }) => ({ voices: await personal.list(db, actor.user.id) }))
  route(createPersonalVoice, async ({ actor, body }) => ({
    voice: await personal.create(ctx, actor.user.id, body),
  }))
  route(renamePersonalVoice, async ({ actor, params, body }) => ({
    voice: await personal.rename(db, actor.user.id, params.id, body.name),
  }))
  route(deletePersonalVoice, async ({ actor, params }) => {
    await personal.remove(db, actor.user.id, params.id)
    return { deleted: true as const }
  })
  route(
    uploadAudio,
    async ({ actor, req, reply }) => {
      const owner = ownerOf(req, reply, actor, { create: true, secure })
      const file = req.isMultipart()
        ? await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
        : undefined
      return { process: await uploads.acceptUpload(deps, owner, file, req.ip) }
    },
    { rateLimit: UPLOAD_RATE_LIMIT, bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024 },
  )
  route(checkAudio, async ({ query, actor, req, reply }) =>
    uploads.check(deps, ownerOf(req, reply, actor), query.uuid_path),
  )
  route(audioProgress, async ({ actor, req, reply }) => uploads.inProgress(deps, ownerOf(req, reply, actor)))
  route(listAudioProcesses, async ({ query, actor, req, reply }) =>
    uploads.list(deps, ownerOf(req, reply, actor), query.page),
  )
  route(downloadAudio, async ({ query, actor, req, reply }) => {
    const { key, row } = await uploads.downloadKey(deps, ownerOf(req, reply, actor), query.file_name)
    const name = `${row.original_name.replace(/\.[^.]+$/, '') || 'audio'}.wav`
    return sendStoredFile(req, reply, ctx.storage, key, {
      downloadName: query.download ? name : undefined,
      cacheControl: 'private, max-age=600',
    })
  })
  route(removeAudio, async ({ body, actor, req, reply }) => {
    await uploads.remove(deps, ownerOf(req, reply, actor), body.uuid_path)
    return { removed: true as const }
  })
}
