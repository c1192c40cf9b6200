import {
  audioProgress, checkAudio, downloadAudio, listAudioProcesses, listVoices, previewVoice, removeAudio, uploadAudio,
} from '@mouthpiece/contracts/voices/voices.routes'
import type { HttpContext } from '../../platform/context'
import { sendStoredFile } from '../renders/file-stream'
import { ownerOf } from '../renders/visitor'
import * as uploads from './audio-uploads.service'
import { MAX_UPLOAD_BYTES } from './audio-uploads.service'
import * as voices from './voices.service'
import { wakeUploadWorker } from './voices.jobs'

/** Speech previews cost CPU: a generous per-IP limit that only a script would reach. */
const PREVIEW_RATE_LIMIT = { max: 120, timeWindow: 60_000 }
const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 }

/** SPEC §7 voices, previews and "audio upload, check, progress, download, remove file, audio process list". */
export function registerVoicesRoutes(ctx: HttpContext) {
  const { route, db, config } = ctx
  const deps: uploads.UploadsDeps = { ...ctx, wake: () => wakeUploadWorker(ctx.queue) }
  const secure = config.publicUrl.startsWith('https:')

  route(listVoices, async ({ reply }) => {
    void reply.header('cache-control', 'public, max-age=300')
    return voices.voicesList()
  })
  route(previewVoice, async ({ body, actor, req, reply }) => voices.preview(db, ownerOf(req, reply, actor), body), { rateLimit: PREVIEW_RATE_LIMIT })

  route(uploadAudio, async ({ actor, req, reply }) => {
    const owner = ownerOf(req, reply, actor, { create: true, secure })
    const file = req.isMultipart() ? await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }) : undefined
    return { process: await uploads.acceptUpload(deps, owner, file) }
  }, { rateLimit: UPLOAD_RATE_LIMIT, bodyLimit: MAX_UPLOAD_BYTES + 1024 * 1024 })
  route(checkAudio, async ({ query, actor, req, reply }) => uploads.check(deps, ownerOf(req, reply, actor), query.uuid_path))
  route(audioProgress, async ({ actor, req, reply }) => uploads.inProgress(deps, ownerOf(req, reply, actor)))
  route(listAudioProcesses, async ({ query, actor, req, reply }) => uploads.list(deps, ownerOf(req, reply, actor), query.page))
  route(downloadAudio, async ({ query, actor, req, reply }) => {
    const { key, row } = await uploads.downloadKey(deps, ownerOf(req, reply, actor), query.file_name)
    const name = `${row.original_name.replace(/\.[^.]+$/, '') || 'audio'}.wav`
    return sendStoredFile(req, reply, ctx.storage, key, { downloadName: query.download ? name : undefined, cacheControl: 'private, max-age=600' })
  })
  route(removeAudio, async ({ body, actor, req, reply }) => {
    await uploads.remove(deps, ownerOf(req, reply, actor), body.uuid_path)
    return { removed: true as const }
  })
}
