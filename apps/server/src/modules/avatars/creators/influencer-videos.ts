import type { InfluencerVideo } from '@mouthpiece/contracts/renders/renders.schemas'

type Influencer = { id: string; name: string; description: string }

/**
 * The creators' landing videos, which the renders module makes and keeps. Renders depends on
 * avatars (it draws them), so avatars does not import renders: `src/modules.ts` passes this in
 * (`influencerVideosFor` from the renders module).
 */
export interface InfluencerVideos {
  /** The newest landing video of each influencer (by id), or null when none was made. */
  latest(infs: ReadonlyArray<Influencer>): Promise<Map<string, InfluencerVideo | null>>
  /** SPEC "refresh web source": the influencer's landing video is made again. */
  refresh(inf: Influencer): Promise<InfluencerVideo>
}
