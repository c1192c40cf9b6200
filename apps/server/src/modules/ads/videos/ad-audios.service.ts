/**
 * Ad voice-overs (SPEC §7 Ads "audio generations"): the copy read in the brand's voice and speed
 * as an audio file, an ordinary render of kind audio (renders module, through its service).
 */
import type { z } from 'zod'
import type { AdAudioGeneration, CreateAdAudioBody } from '@mouthpiece/contracts/ads/audios.contract'
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import type { Queryable } from '../../../platform/db/client'
import { fieldError } from '../../../platform/http/errors'
import { rendersDeps, presentRender, findRender, startModuleAudio } from '../../renders'
import { getBrandKit } from '../brands/brand-kit.service'
import { emitAdProject } from '../projects/ad-projects.service'
import { insertAdAudio, listProjectAdAudios } from './ad-audios.repo'
import type { AdAudioGenerationRow } from './ad-audios.table'
import { brandVoice, ownProject } from './ad-videos.service'
import type { AdsDeps } from '../ads.deps'

export const NO_AUDIO_COPY_MESSAGE = 'Please write the ad copy first.'

async function present(db: Queryable, row: AdAudioGenerationRow): Promise<AdAudioGeneration> {
  const render = row.render_id ? await findRender(db, row.render_id) : undefined
  return {
    id: row.id,
    ad_project_id: row.ad_project_id,
    voice_id: row.voice_id,
    text: row.text,
    render: render ? presentRender(render) : null,
    created_at: row.created_at.toISOString(),
  }
}

export async function createAdAudio(
  deps: AdsDeps,
  userId: number,
  projectId: number,
  body: z.infer<typeof CreateAdAudioBody>,
): Promise<AdAudioGeneration> {
  const project = await ownProject(deps, projectId, userId)
  const text = (body.text ?? project.copy).trim()
  if (!text) throw fieldError('text', NO_AUDIO_COPY_MESSAGE)
  const kit = project.brand_id ? await getBrandKit(deps.db, project.brand_id) : null
  // No presenter here: a brand without a voice of its own speaks in the product's default voice.
  const voiceId = await brandVoice(deps.db, userId, kit, DEFAULT_VOICE_ID)
  let created: AdAudioGenerationRow | undefined
  await startModuleAudio(
    rendersDeps(deps),
    userId,
    {
      source: 'ad_audio',
      text,
      title: `${project.name} · voice-over`,
      voiceId,
      rate: kit?.voice.rate ?? 1,
      audioFormat: body.audio_format,
    },
    {
      claim: async () => undefined,
      attach: async (tx, row) => {
        created = await insertAdAudio(tx, {
          user_id: userId,
          ad_project_id: projectId,
          render_id: row.id,
          voice_id: voiceId,
          text,
        })
      },
    },
  )
  const generation = await present(deps.db, created!)
  await emitAdProject(deps, userId, { type: 'audio', project_id: projectId, generation })
  return generation
}

export async function listAdAudios(
  deps: AdsDeps,
  userId: number,
  projectId: number,
): Promise<AdAudioGeneration[]> {
  await ownProject(deps, projectId, userId)
  const rows = await listProjectAdAudios(deps.db, projectId)
  return Promise.all(rows.map((r) => present(deps.db, r)))
}
