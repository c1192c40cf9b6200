/**
 * Ad audio/video flow (SPEC §4 selectAvatar → uploadAudio → showResults): the video is an
 * ordinary render (renders module, through its service); this file decides who speaks, what, in
 * which voice and over which background — all from the project's brand kit.
 */
import type { z } from 'zod'
import { AD_VIDEO_FRAMES } from '@mouthpiece/contracts/ads/videos.contract'
import type {
  AdGeneration,
  AdVideoPlacement,
  CreateAdVideoBody,
} from '@mouthpiece/contracts/ads/videos.contract'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import { BACKGROUND_PRESETS } from '@mouthpiece/contracts/renders/renders.schemas'
import type { BackgroundChoice } from '@mouthpiece/contracts/renders/renders.schemas'
import { ProcessStatus } from '@mouthpiece/contracts/statuses'
import type { AdsDeps } from '../ads.deps'
import type { Queryable } from '../../../platform/db/client'
import { AppError, fieldError } from '../../../platform/http/errors'
import { chooseAvatar } from '../../avatars'
import { rendersDeps, presentRender, findRender, startModuleVideo } from '../../renders'
import { checkVoiceChoice, findUpload } from '../../voices'
import { getBrandKit, kitColour } from '../brands/brand-kit.service'
import type { BrandKit } from '../brands/brand-kit.service'
import { findAdProject } from '../projects/ad-projects.repo'
import type { AdProjectWithBrand } from '../projects/ad-projects.repo'
import { adProjectNotFound, emitAdProject } from '../projects/ad-projects.service'
import { chooseAdAvatar } from '../avatars/ad-avatar-presenters'
import { findUserById } from '../../users'
import * as repo from './ad-videos.repo'
import { brandDressing } from './ad-video-brand'
import type { AdGenerationRow } from './ad-generations.table'

export const NO_COPY_MESSAGE = 'Please write the ad copy first (or upload a recording to lip-sync).'
export const generationNotFound = () => new AppError('not_found', 'Ad generation not found', 404)

export async function presentGeneration(db: Queryable, row: AdGenerationRow): Promise<AdGeneration> {
  const render = row.render_id ? await findRender(db, row.render_id) : undefined
  return {
    id: row.id,
    ad_project_id: row.ad_project_id,
    mode: row.mode,
    placement: row.placement as AdGeneration['placement'],
    influencer_id: row.influencer_id,
    ad_avatar_id: row.ad_avatar_id,
    custom_avatar_id: row.custom_avatar_id,
    voice_id: row.voice_id,
    text: row.text,
    attempts: row.attempts,
    render: render ? presentRender(render) : null,
    created_at: row.created_at.toISOString(),
  }
}

/**
 * The brand's voice if it is a voice the user may use (their personal voices included), else the
 * presenter's own (influencer or ad avatar).
 */
export async function brandVoice(
  db: Queryable,
  userId: number,
  kit: BrandKit | null,
  fallback: string,
): Promise<string> {
  const wanted = kit?.voice.voice_id
  if (
    wanted &&
    (await checkVoiceChoice(db, userId, wanted).then(
      () => true,
      () => false,
    ))
  )
    return wanted
  return fallback
}

/** The brand's background: its primary colour (its signature), else its background colour, else the studio preset. */
function brandBackground(kit: BrandKit | null): BackgroundChoice {
  const colour = kit ? (kitColour(kit, 'primary') ?? kitColour(kit, 'background')) : null
  return colour ? { type: 'color', color: colour } : { type: 'preset', id: 'studio' }
}

/** The colour behind the brand's pictures: the background's colour, or the studio preset's. */
const colourOf = (bg: BackgroundChoice) =>
  bg.type === 'color' ? bg.color : BACKGROUND_PRESETS.find((p) => p.id === 'studio')!.colors[0]

interface Ask {
  mode: 'read' | 'lipsync'
  placement: AdVideoPlacement
  influencer_id: string | null
  ad_avatar_id: number | null
  custom_avatar_id: number | null
  text: string
  audio_uuid_path: string | null
}

/** The user's ad project, or the 404 every ad video call answers for another user's or a missing one. */
export async function ownProject(
  deps: AdsDeps,
  projectId: number,
  userId: number,
): Promise<AdProjectWithBrand> {
  const project = await findAdProject(deps.db, projectId, userId)
  if (!project) throw adProjectNotFound()
  return project
}

/** Starts the render for `ask` in `project` (already checked as the user's); `attach` records it inside the render's own transaction. */
async function startVideo(
  deps: AdsDeps,
  userId: number,
  project: AdProjectWithBrand,
  ask: Ask,
  attach: (tx: Queryable, renderId: string, voiceId: string) => Promise<void>,
) {
  const kit = project.brand_id ? await getBrandKit(deps.db, project.brand_id) : null
  // An admin's ad avatar (a talking photo), one of the user's own avatars or an influencer presents
  // (another user's avatar is "Avatar not found").
  const avatar =
    ask.ad_avatar_id !== null
      ? await chooseAdAvatar(deps.db, userId, ask.ad_avatar_id)
      : await chooseAvatar(deps.db, userId, {
          influencer_id: ask.influencer_id ?? undefined,
          custom_avatar_id: ask.custom_avatar_id ?? undefined,
        })
  let audioUploadKey: string | undefined
  if (ask.mode === 'lipsync') {
    const upload = await findUpload(deps.db, ask.audio_uuid_path!)
    if (!upload || upload.user_id !== userId) throw new AppError('not_found', 'Audio file not found', 404)
    if (upload.status !== ProcessStatus.successfully || !upload.wav_key)
      throw new AppError('not_ready', 'The audio file is still being processed. Try again in a moment.', 409)
    audioUploadKey = upload.wav_key
  } else if (!ask.text) throw fieldError('text', NO_COPY_MESSAGE)
  const voiceId = await brandVoice(deps.db, userId, kit, avatar.voice_id)
  const background = brandBackground(kit)
  const frame = AD_VIDEO_FRAMES[ask.placement]
  // No brand kit: the video as it always was (a presenter over the studio background, captions).
  const dressing = kit
    ? await brandDressing(deps, userId, project.id, kit, frame, colourOf(background))
    : undefined
  return startModuleVideo(
    rendersDeps(deps),
    userId,
    {
      source: 'ad_video',
      text: ask.text,
      title: `${project.name} · ${PLACEMENTS[ask.placement].aspect}`,
      avatar,
      voiceId,
      emotion: avatar.emotion,
      intensity: 0.6,
      orientation: frame,
      background,
      rate: kit?.voice.rate ?? 1,
      audioUploadKey,
      dressing,
    },
    { claim: async () => undefined, attach: (tx, row) => attach(tx, row.id, voiceId) },
  )
}

export async function createAdVideo(
  deps: AdsDeps,
  userId: number,
  projectId: number,
  body: z.infer<typeof CreateAdVideoBody>,
): Promise<AdGeneration> {
  const project = await ownProject(deps, projectId, userId)
  const ask: Ask = {
    mode: body.audio_uuid_path ? 'lipsync' : 'read',
    placement: body.placement,
    influencer_id: body.influencer_id ?? null,
    ad_avatar_id: body.ad_avatar_id ?? null,
    custom_avatar_id: body.custom_avatar_id ?? null,
    text: body.audio_uuid_path ? '' : (body.text ?? project.copy).trim(),
    audio_uuid_path: body.audio_uuid_path ?? null,
  }
  let created: AdGenerationRow | undefined
  await startVideo(deps, userId, project, ask, async (tx, renderId, voiceId) => {
    created = await repo.insertGeneration(tx, {
      user_id: userId,
      ad_project_id: projectId,
      render_id: renderId,
      voice_id: voiceId,
      ...ask,
    })
  })
  const generation = await presentGeneration(deps.db, created!)
  await emitAdProject(deps, userId, { type: 'video', project_id: projectId, generation })
  return generation
}

export async function listAdVideos(
  deps: AdsDeps,
  userId: number,
  projectId: number,
): Promise<AdGeneration[]> {
  await ownProject(deps, projectId, userId)
  const rows = await repo.projectGenerations(deps.db, projectId, 50)
  return Promise.all(rows.map((r) => presentGeneration(deps.db, r)))
}

/** Admin retry: a video whose render failed (or is gone) is made again with what was asked. */
export async function retryAdVideo(deps: AdsDeps, id: string): Promise<AdGenerationRow> {
  const row = await repo.findGeneration(deps.db, id)
  if (!row) throw generationNotFound()
  const render = row.render_id ? await findRender(deps.db, row.render_id) : undefined
  if (render && render.status !== 4)
    throw new AppError('not_failed', 'Only a failed ad video can be retried.', 409)
  let updated: AdGenerationRow | undefined
  await startVideo(
    deps,
    row.user_id,
    await ownProject(deps, row.ad_project_id, row.user_id),
    { ...row, placement: row.placement as Ask['placement'] },
    async (tx, renderId) => {
      updated = await repo.setGenerationRender(tx, id, renderId, row.attempts + 1)
    },
  )
  await emitAdProject(deps, row.user_id, {
    type: 'video',
    project_id: row.ad_project_id,
    generation: await presentGeneration(deps.db, updated!),
  })
  return updated!
}

/** An ad video as the back office lists it: with its project's name and its owner's username. */
export async function presentAdminGeneration(db: Queryable, row: AdGenerationRow) {
  const project = await repo.projectOwnerAndName(db, row.ad_project_id)
  const owner = project ? await findUserById(db, project.user_id) : undefined
  return {
    ...(await presentGeneration(db, row)),
    // Both empty when the project or its owner is gone, as the inner join left them.
    username: owner ? owner.username : '',
    project_name: owner ? project!.name : '',
  }
}

/** The back office's page of every ad video, by creation time. */
export async function adminGenerationsPage(
  db: Queryable,
  query: { dir?: 'asc' | 'desc'; page: number; per_page: number },
) {
  const { rows, total } = await repo.generationsPage(db, query.dir, query.page, query.per_page)
  return {
    list: await Promise.all(rows.map((row) => presentAdminGeneration(db, row))),
    total,
    total_capped: false,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    page: query.page,
    per_page: query.per_page,
  }
}

export async function adminGeneration(db: Queryable, id: string) {
  const row = await repo.findGeneration(db, id)
  if (!row) throw generationNotFound()
  return presentAdminGeneration(db, row)
}
