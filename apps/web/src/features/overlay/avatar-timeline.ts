import type { AvatarSetup, OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { VISEMES } from '@mouthpiece/contracts/media/visemes.schemas'
import type { Viseme, VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { DEFAULT_ENERGY } from '@mouthpiece/contracts/constants'
import { poseAt } from '@mouthpiece/avatar/animation'
import type { AnimationInput, AvatarPose } from '@mouthpiece/avatar/animation'
import { DEFAULT_INFLUENCER_ID, INFLUENCERS, findInfluencer } from '@mouthpiece/avatar/presets'

const KNOWN = new Set<string>(VISEMES)

/**
 * The overlay's wire cues carry the viseme as a plain string (the server may learn new shapes
 * before this page does): unknown or broken cues are dropped rather than breaking the mouth, and
 * the rest are put in time order, which the dominance blend in packages/avatar expects.
 */
export function cuesFromWire(visemes: OverlayAlert['visemes']): VisemeCue[] {
  const cues: VisemeCue[] = []
  for (const v of visemes) {
    if (!KNOWN.has(v.viseme) || !Number.isFinite(v.start) || !Number.isFinite(v.end) || v.end < v.start)
      continue
    const weight = Number.isFinite(v.weight) ? Math.min(1, Math.max(0, v.weight)) : 1
    cues.push({ viseme: v.viseme as Viseme, start: v.start, end: v.end, weight })
  }
  return cues.sort((a, b) => a.start - b.start)
}

export interface AvatarCast {
  look: AvatarLook
  emotion: Emotion
}

const defaultInfluencer = () => findInfluencer(DEFAULT_INFLUENCER_ID) ?? INFLUENCERS[0]!

/**
 * Who speaks an alert: the setup's own look (a custom style), else its influencer, else the
 * default influencer. The face shows the emotion the voice speaks with (the alert's TTS emotion);
 * without one (an older alert), the influencer's resting emotion.
 */
export function castFor(
  setup: Pick<AvatarSetup, 'donation_avatar'> | null | undefined,
  emotion?: Emotion,
): AvatarCast {
  const chosen = setup?.donation_avatar.influencer_id
    ? findInfluencer(setup.donation_avatar.influencer_id)
    : undefined
  const influencer = chosen ?? defaultInfluencer()
  return {
    look: setup?.donation_avatar.look ?? influencer.look,
    emotion: emotion ?? chosen?.emotion ?? 'Neutral',
  }
}

/** Everything poseAt needs for one alert, built once per alert (not per frame). */
export function animationFor(
  alert: Pick<OverlayAlert, 'visemes' | 'words'>,
  cast: AvatarCast,
): AnimationInput {
  return {
    cues: cuesFromWire(alert.visemes),
    wordStarts: alert.words
      .map((w) => w.start)
      .filter(Number.isFinite)
      .sort((a, b) => a - b),
    seed: cast.look.seed,
    emotion: cast.emotion,
    energy: DEFAULT_ENERGY,
  }
}

/** The pose at speech time t (seconds from the first sample of speech; negative = not started yet). */
export function poseForSpeech(t: number, input: AnimationInput): AvatarPose {
  return poseAt(Math.max(0, t), input)
}
