import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { MAX_PROJECT_UPLOAD_BYTES, receiveUpload } from './project-uploads'
import type { ReceivedFile } from './project-uploads'

/** Body limit of the routes that take a project upload. */
export const UPLOAD_ROUTE_LIMIT = { bodyLimit: MAX_PROJECT_UPLOAD_BYTES + 1024 * 1024 }

/** Reads a multipart upload into a temp file, runs `use`, and always removes the temp file. */
export async function withUpload<T>(
  ctx: HttpContext,
  req: FastifyRequest,
  use: (upload: ReceivedFile) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart())
    throw new AppError('validation', 'Please choose a file to upload.', 422, {
      file: ['Please choose a file to upload.'],
    })
  const upload = await receiveUpload(
    req.parts({ limits: { fileSize: MAX_PROJECT_UPLOAD_BYTES, files: 1 } }),
    path.join(ctx.config.dataDir, 'tmp', 'uploads'),
  )
  try {
    return await use(upload)
  } finally {
    await upload.cleanup()
  }
}
