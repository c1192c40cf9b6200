import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import * as r from '@mouthpiece/contracts/ads/avatars.routes'
import type { AdAvatar } from '@mouthpiece/contracts/ads/avatars.routes'
import { MAX_BRAND_UPLOAD_MB } from '@mouthpiece/contracts/ads/brands.schemas'
import type { HttpContext } from '../../../platform/context'
import { AppError } from '../../../platform/http/errors'
import { sendStoredFile } from '../../renders/file-stream'
import { auditActorOf, recordAudit } from '../../audit/audit.service'
import { requireVoice } from '../../voices/voices.service'
import { notAnImage, probeImage } from '../brands/brand-files'
import { adAvatars } from './ad-avatars.schema'
import type { AdAvatarRow } from './ad-avatars.schema'

const MAX_BYTES = MAX_BRAND_UPLOAD_MB * 1024 * 1024
const tooLarge = () => new AppError('too_large', `The file is too large. Please upload one under ${MAX_BRAND_UPLOAD_MB} MB.`, 413)
const notFound = () => new AppError('not_found', r.AD_AVATAR_NOT_FOUND, 404)

const present = (a: AdAvatarRow): AdAvatar => ({
  id: a.id, name: a.name, description: a.description, voice_id: a.voice_id, image_url: `/api/admin/ad-avatars/${a.id}/image`, width: a.width, height: a.height,
  is_active: a.is_active, created_at: a.created_at.toISOString(), updated_at: a.updated_at.toISOString(),
})

/** A multipart form: its text fields and, if sent, its one file (size-capped, read whole: pictures are small). */
async function readForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!req.isMultipart()) throw new AppError('validation', 'Please send the form as multipart/form-data.', 422)
  const fields: Record<string, string> = {}
  let file: Buffer | null = null
  for await (const part of req.parts({ limits: { fileSize: MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') { fields[part.fieldname] = typeof part.value === 'string' ? part.value : ''; continue }
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
    throw new AppError('validation', issue.message, 422, { [String(issue.path[0] ?? 'form')]: [issue.message] })
  }
  if (parsed.data.voice_id && !(await requireVoice(parsed.data.voice_id).then(() => true, () => false))) throw new AppError('validation', 'Unknown voice', 422, { voice_id: ['Unknown voice'] })
  return parsed.data
}

/** SPEC §7 admin ad avatars (list, store, update, delete — multipart). Every change is audited. */
export function registerAdAvatarRoutes(ctx: HttpContext) {
  const { route, db, storage } = ctx
  const limit = { bodyLimit: MAX_BYTES + 1024 * 1024 }
  const picture = async (file: Buffer) => {
    const probed = await probeImage(file)
    if (!probed || probed.format === 'ico') throw notAnImage()
    const key = `ad-avatars/${crypto.randomUUID()}.${probed.format === 'jpeg' ? 'jpg' : probed.format}`
    await storage.put(key, file, probed.mime)
    return { image_key: key, image_mime: probed.mime, width: probed.width, height: probed.height }
  }

  route(r.adminAdAvatars, async () => ({ avatars: (await db.select().from(adAvatars).orderBy(adAvatars.name)).map(present) }))
  route(r.adminStoreAdAvatar, async ({ req, actor }) => {
    const form = await readForm(req)
    const fields = await parseFields(form.fields)
    if (!form.file) throw new AppError('validation', 'Please choose a picture.', 422, { file: ['Please choose a picture.'] })
    const image = await picture(form.file)
    const [row] = await db.insert(adAvatars).values({ ...fields, ...image }).returning()
    await recordAudit(db, auditActorOf(actor), 'ads.avatar.store', { target: { type: 'ad_avatar', id: row!.id }, after: present(row!) })
    return { avatar: present(row!) }
  }, limit)
  route(r.adminUpdateAdAvatar, async ({ req, params, actor }) => {
    const [before] = await db.select().from(adAvatars).where(eq(adAvatars.id, params.id))
    if (!before) throw notFound()
    const form = await readForm(req)
    const fields = await parseFields({ name: before.name, description: before.description, voice_id: before.voice_id ?? '', ...form.fields })
    const image = form.file ? await picture(form.file) : {}
    const [row] = await db.update(adAvatars).set({ ...fields, ...image, updated_at: new Date() }).where(eq(adAvatars.id, params.id)).returning()
    if (form.file) await storage.delete(before.image_key).catch(() => undefined)
    await recordAudit(db, auditActorOf(actor), 'ads.avatar.update', { target: { type: 'ad_avatar', id: params.id }, before: present(before), after: present(row!) })
    return { avatar: present(row!) }
  }, limit)
  route(r.adminDeleteAdAvatar, async ({ params, actor }) => {
    const [row] = await db.delete(adAvatars).where(eq(adAvatars.id, params.id)).returning()
    if (!row) throw notFound()
    await storage.delete(row.image_key).catch(() => undefined)
    await recordAudit(db, auditActorOf(actor), 'ads.avatar.delete', { target: { type: 'ad_avatar', id: params.id }, before: present(row) })
    return { deleted: true as const }
  })
  route(r.adminAdAvatarImage, async ({ params, req, reply }) => {
    const [row] = await db.select().from(adAvatars).where(eq(adAvatars.id, params.id))
    if (!row) throw notFound()
    return sendStoredFile(req, reply, storage, row.image_key, { cacheControl: 'private, max-age=3600' })
  })
}
