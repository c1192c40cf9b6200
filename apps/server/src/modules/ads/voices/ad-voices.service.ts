import type { AdVoice } from '@mouthpiece/contracts/ads/voices.contract'
import type { AdsDeps } from '../ads.deps'
import { publicList as publicProfiles, voicesList } from '../../voices'
import { listBrands } from '../brands/brands.repo'

/**
 * The voices an ad can speak in: the admin's voice profiles, then the engines' featured voices,
 * then the rest — every one a voice the ad video's render accepts — each with the user's brands
 * that speak with it (so the picker shows what changing a voice touches).
 */
export async function listAdVoices(deps: AdsDeps, userId: number): Promise<AdVoice[]> {
  const [{ profiles }, engines, brands] = await Promise.all([
    publicProfiles(deps),
    voicesList(),
    listBrands(deps.db, userId),
  ])
  const usedBy = (id: string) =>
    brands.filter((b) => b.voice.voice_id === id).map((b) => ({ id: b.id, name: b.name }))
  const featured = new Set(engines.featured)
  const engineVoices = [...engines.voices].sort(
    (a, b) => Number(featured.has(b.id)) - Number(featured.has(a.id)),
  )
  return [
    ...profiles.map((p): AdVoice => ({
      id: p.voice_id,
      label: p.name,
      group: 'profile',
      language: engines.voices.find((v) => v.id === p.engine_voice_id)?.language ?? '',
      sample_url: p.sample_url,
      tags: p.tags.map((t) => t.name),
      brands: usedBy(p.voice_id),
    })),
    ...engineVoices.map((v): AdVoice => ({
      id: v.id,
      label: v.label,
      group: featured.has(v.id) ? 'featured' : 'engine',
      language: v.language,
      sample_url: null,
      tags: [],
      brands: usedBy(v.id),
    })),
  ]
}
