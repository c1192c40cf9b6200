import fs from 'node:fs'
import path from 'node:path'
import {
  deleteProjectBackground,
  listProjectBackgrounds,
  projectBackgroundFile,
  updateProjectBackground,
  uploadProjectBackground,
} from '@mouthpiece/contracts/projects/projects.contract'
import type { ProjectBackgroundItem } from '@mouthpiece/contracts/projects/projects.contract'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendStoredFile } from '../../../platform/storage/send-stored-file'
import * as repo from '../projects.repo'
import type { ProjectBackgroundRow } from '../projects.table'
import { MAX_PROJECT_UPLOAD_BYTES, receiveUpload, recognise } from './project-uploads'

export const BACKGROUND_NOT_MEDIA_MESSAGE =
  'Please upload a picture (jpg, png, webp) or a video (mp4, webm, mov).'
const backgroundNotFound = () => new AppError('not_found', 'Background not found', 404)
export const projectBackgroundKey = (userId: number, id: string, type: 'image' | 'video') =>
  `project-backgrounds/${userId}/${id}.${type === 'image' ? 'img' : 'video'}`

const presentBackground = (row: ProjectBackgroundRow): ProjectBackgroundItem => ({
  id: row.id,
  type: row.type,
  name: row.name,
  url: `/api/project-backgrounds/${row.id}/file`,
  duration: row.duration,
  created_at: row.created_at.toISOString(),
})

/** SPEC "project backgrounds (get, upload, update, delete)": a user's own images and videos. */
export function registerProjectBackgroundRoutes(ctx: HttpContext) {
  const { route, db, storage, config } = ctx
  route(listProjectBackgrounds, async ({ actor }) => ({
    backgrounds: (await repo.listBackgrounds(db, actor.user.id)).map(presentBackground),
  }))
  route(
    uploadProjectBackground,
    async ({ actor, req }) => {
      if (!req.isMultipart()) throw new AppError('validation', 'Please choose a file to upload.', 422)
      const upload = await receiveUpload(
        req.parts({ limits: { fileSize: MAX_PROJECT_UPLOAD_BYTES, files: 1 } }),
        path.join(config.dataDir, 'tmp', 'uploads'),
      )
      try {
        const what = await recognise(upload.file)
        if (!what || what.kind === 'audio')
          throw new AppError('not_media', BACKGROUND_NOT_MEDIA_MESSAGE, 422, {
            file: [BACKGROUND_NOT_MEDIA_MESSAGE],
          })
        const id = crypto.randomUUID()
        const key = projectBackgroundKey(actor.user.id, id, what.kind)
        await storage.put(
          key,
          fs.createReadStream(upload.file),
          what.kind === 'image' ? `image/${what.format}` : 'video/mp4',
        )
        const row = await repo.insertBackground(db, {
          id,
          user_id: actor.user.id,
          type: what.kind,
          name: upload.originalName.slice(0, 80),
          file_key: key,
          duration: what.duration,
        })
        return { background: presentBackground(row) }
      } finally {
        await upload.cleanup()
      }
    },
    { bodyLimit: MAX_PROJECT_UPLOAD_BYTES + 1024 * 1024 },
  )
  route(updateProjectBackground, async ({ actor, params, body }) => {
    const row = await repo.renameBackground(db, actor.user.id, params.backgroundId, body.name)
    if (!row) throw backgroundNotFound()
    return { background: presentBackground(row) }
  })
  route(deleteProjectBackground, async ({ actor, params }) => {
    const row = await repo.deleteBackground(db, actor.user.id, params.backgroundId)
    if (!row) throw backgroundNotFound()
    await storage.delete(row.file_key)
    return { deleted: true as const }
  })
  route(projectBackgroundFile, async ({ actor, params, req, reply }) => {
    const row = await repo.findBackground(db, actor.user.id, params.backgroundId)
    if (!row) throw backgroundNotFound()
    return sendStoredFile(req, reply, storage, row.file_key, { cacheControl: 'private, max-age=86400' })
  })
}
