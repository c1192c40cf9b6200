import type { Platform } from '../../platform/context'
import { influencerPresets } from '../../platform/media'
import { insertMissingInfluencers } from './avatars.repo'

/** Puts packages/avatar's presets in the influencers table (new ones only), in their order. */
export async function seedInfluencers({ db }: Platform): Promise<void> {
  await insertMissingInfluencers(
    db,
    influencerPresets.map((p, i) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      model_style: p.modelStyle,
      emotion: p.emotion,
      voice_id: p.voiceId,
      look: p.look,
      order: i + 1,
    })),
  )
}
