import type { FastifyRequest } from 'fastify'
import * as r from '@mouthpiece/contracts/ads/avatars.contract'
import { MAX_BRAND_UPLOAD_MB } from '@mouthpiece/contracts/ads/brands.schemas'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendStoredFile } from '../../../platform/storage/send-stored-file'
import { auditActorOf } from '../../audit'
import { requireVoice } from '../../voices'
import {
  adminAdAvatarRow,
  adminAdAvatars,
  deleteAdAvatar,
  presentAdAvatar,
  storeAdAvatar,
  updateAdAvatar,
} from './ad-avatars.service'
import { findPickableAdAvatar, listPickableAdAvatars } from './ad-avatar-presenters'

const MAX_BYTES = MAX_BRAND_UPLOAD_MB * 1024 * 1024
const tooLarge = () =>
  new AppError('too_large', `The file is too large. Please upload one under ${MAX_BRAND_UPLOAD_MB} MB.`, 413)

/** A multipart form: its text fields and, if sent, its one file (size-capped, read whole: pictures are small). */
async function readForm(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!req.isMultipart())
    throw new AppError('validation', 'Please send the form as multipart/form-data.', 422)
  const fields: Record<string, string> = {}
  let file: Buffer | null = null
  for await (const part of req.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : ''
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file) chunks.push(c as Buffer)
    if (part.file.truncated) throw tooLarge()
    file = Buffer.concat(chunks)
  }
  return { fields, file }
}

async function parseFields(fields: Record<string, string>) {
  const parsed = r.AdAvatarFields.safeParse(fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new AppError('validation', issue.message, 422, {
      [String(issue.path[0] ?? 'form')]: [issue.message],
    })
  }
  if (
    parsed.data.voice_id &&
    !(await requireVoice(parsed.data.voice_id).then(
      () => true,
      () => false,
    ))
  )
    throw new AppError('validation', 'Unknown voice', 422, { voice_id: ['Unknown voice'] })
  return parsed.data
}

/** SPEC §7 admin ad avatars (list, store, update, delete — multipart; every change audited) and the users' pick list (§4 selectAvatar). */
export function registerAdAvatarRoutes(ctx: HttpContext) {
  const { route, db, storage } = ctx
  const limit = { bodyLimit: MAX_BYTES + 1024 * 1024 }

  route(r.adminAdAvatars, async () => ({
    avatars: (await adminAdAvatars(db)).map(presentAdAvatar),
  }))
  route(
    r.adminStoreAdAvatar,
    async ({ req, actor }) => {
      const form = await readForm(req)
      const fields = await parseFields(form.fields)
      if (!form.file)
        throw new AppError('validation', 'Please choose a picture.', 422, {
          file: ['Please choose a picture.'],
        })
      return { avatar: await storeAdAvatar(ctx, auditActorOf(actor), fields, form.file) }
    },
    limit,
  )
  route(
    r.adminUpdateAdAvatar,
    async ({ req, params, actor }) => {
      const before = await adminAdAvatarRow(db, params.id)
      const form = await readForm(req)
      const fields = await parseFields({
        name: before.name,
        description: before.description,
        voice_id: before.voice_id ?? '',
        is_active: String(before.is_active),
        ...form.fields,
      })
      return { avatar: await updateAdAvatar(ctx, auditActorOf(actor), before, fields, form.file) }
    },
    limit,
  )
  route(r.adminDeleteAdAvatar, async ({ params, actor }) => {
    await deleteAdAvatar(ctx, auditActorOf(actor), params.id)
    return { deleted: true as const }
  })
  route(r.adminAdAvatarImage, async ({ params, req, reply }) => {
    const row = await adminAdAvatarRow(db, params.id)
    return sendStoredFile(req, reply, storage, row.image_key, { cacheControl: 'private, max-age=3600' })
  })

  route(r.listAdAvatars, async () => ({ avatars: await listPickableAdAvatars(db) }))
  route(r.adAvatarPhoto, async ({ params, req, reply }) => {
    const row = await findPickableAdAvatar(db, params.id)
    // The link carries the portrait's version (`v`), so it may be cached long.
    return sendStoredFile(req, reply, storage, row.presenter.look.photo!.key, {
      cacheControl: 'private, max-age=86400',
    })
  })
}
