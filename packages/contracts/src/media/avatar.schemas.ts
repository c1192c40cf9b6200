import { z } from 'zod'
import { DEFAULT_AVATAR_BOX, DEFAULT_ENERGY } from '../constants'
import { StoredKey } from './stored-file.schemas'
import { Emotion, VoiceId } from './voices.schemas'

/** SPEC §3 "Avatar look prompt": what a user types to describe a custom avatar. */
export const LookPrompt = z.object({
  wearing: z.string().trim().max(200).default(''),
  style: z.string().trim().max(200).default(''),
  inspired: z.string().trim().max(200).default(''),
  color: z.string().trim().max(200).default(''),
  modifier1: z.string().trim().max(200).default(''),
  modifier2: z.string().trim().max(200).default(''),
  positivePrompt: z.string().trim().max(1000).default(''),
  negativePrompt: z.string().trim().max(1000).default(''),
})
export type LookPrompt = z.infer<typeof LookPrompt>
export type LookPromptInput = z.input<typeof LookPrompt>

/** Drawing generations of the avatar; the default influencer uses Old (flat shapes, bold outline). */
export const MODEL_STYLES = ['Old', 'New'] as const
export const ModelStyle = z.enum(MODEL_STYLES)
export type ModelStyle = z.infer<typeof ModelStyle>

export const HAIR_STYLES = [
  'short',
  'long',
  'bob',
  'spiky',
  'curly',
  'ponytail',
  'bun',
  'buzz',
  'mohawk',
  'bald',
] as const
export const TOPS = ['hoodie', 'tshirt', 'jacket', 'sweater', 'suit', 'tank', 'dress'] as const
export const HATS = [
  'none',
  'cap',
  'beanie',
  'crown',
  'cat-ears',
  'bunny-ears',
  'wizard',
  'headband',
] as const
export const EYE_STYLES = ['round', 'anime', 'sleepy', 'sharp'] as const
export const FACIAL_HAIR = ['none', 'stubble', 'beard', 'mustache'] as const
export const HEADWEAR_EXTRAS = [
  'headset',
  'glasses',
  'sunglasses',
  'earrings',
  'freckles',
  'blush',
  'scar',
  'visor',
] as const

const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/)

/** Points of the 68-point face model (iBUG 300-W order: jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, lips 48–67). */
export const FACE_LANDMARK_COUNT = 68
export const FacePoint = z.tuple([z.number().finite(), z.number().finite()])
export type FacePoint = z.infer<typeof FacePoint>
export const FaceLandmarks = z
  .array(FacePoint)
  .length(FACE_LANDMARK_COUNT, 'A face needs all 68 landmark points')

export const PHOTO_BACKGROUND_MODES = ['keep', 'color', 'image'] as const
export const PhotoBackground = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('keep') }),
  z.object({ mode: z.literal('color'), color: Hex }),
  /** A picture the user picked, drawn to cover the avatar box. */
  z.object({ mode: z.literal('image'), src: z.string(), key: StoredKey }),
])
export type PhotoBackground = z.infer<typeof PhotoBackground>

/**
 * A talking photo: the portrait and its face landmarks (in the photo's pixels). The cartoon fields
 * of the look stay as the fallback drawn while the picture loads.
 */
export const PhotoFace = z.object({
  /** Where a page loads the picture. */
  src: z.string(),
  /** Storage key of the picture, for the render worker (server-minted: see StoredKey). */
  key: StoredKey,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  landmarks: FaceLandmarks,
  /**
   * Behind the person: absent or `keep` = the photo as taken. Otherwise the background was removed
   * once at processing time: `src`/`key` are then the cut-out (PNG with alpha) and packages/avatar
   * draws it over a plain colour or a picked picture.
   */
  background: PhotoBackground.optional(),
  /** Storage key of the photo as uploaded (JPEG), kept while a cut-out is drawn so the user can switch back. */
  original_key: StoredKey.optional(),
})
export type PhotoFace = z.infer<typeof PhotoFace>

/** Everything the avatar renderer needs to draw one character. Stored as JSON for custom avatars. */
export const AvatarLook = z.object({
  modelStyle: ModelStyle,
  skin: Hex,
  hairStyle: z.enum(HAIR_STYLES),
  hairColor: Hex,
  eyeStyle: z.enum(EYE_STYLES),
  eyeColor: Hex,
  top: z.enum(TOPS),
  topColor: Hex,
  accentColor: Hex,
  hat: z.enum(HATS),
  hatColor: Hex,
  facialHair: z.enum(FACIAL_HAIR),
  extras: z.array(z.enum(HEADWEAR_EXTRAS)),
  /** Head width relative to the box (0.9..1.1): small variety between characters. */
  headScale: z.number().min(0.85).max(1.15),
  /** Seed for everything left to chance (blink schedule, idle motion phases). */
  seed: z.number().int().nonnegative(),
  /** Set for a photo avatar: packages/avatar warps this portrait instead of drawing the cartoon. */
  photo: PhotoFace.optional(),
})
export type AvatarLook = z.infer<typeof AvatarLook>

/**
 * A look as a client may send it: drawn shapes only. A talking photo is chosen by the id of the
 * photo avatar (the server reads its picture's key off that avatar, checking its owner), never by
 * sending a look that names a stored file.
 */
export const CartoonLook = AvatarLook.omit({ photo: true }).extend({
  photo: z
    .never({ error: 'Choose a photo avatar by its id (custom_avatar_id), not by its picture' })
    .optional(),
})
export type CartoonLook = z.infer<typeof CartoonLook>

/** A look without its photo: the drawn stand-in a client may send, or what is left of a photo avatar that is gone. */
export function drawnLook(look: AvatarLook): CartoonLook {
  const { photo: _photo, ...drawn } = look
  return drawn
}

/** SPEC §3 "Avatar placement box", in editor-canvas pixels (SPEC §9 canvas 840×465); x,y is the box centre. */
export const AvatarBox = z.object({
  width: z.number().positive().default(DEFAULT_AVATAR_BOX.width),
  height: z.number().positive().default(DEFAULT_AVATAR_BOX.height),
  x: z.number().optional(),
  y: z.number().optional(),
  angle: z.number().min(-360).max(360).default(0),
})
export type AvatarBox = z.infer<typeof AvatarBox>
export type AvatarBoxInput = z.input<typeof AvatarBox>

/** Head-motion liveliness, SPEC §9 default 1.5; 0 is still. */
export const Energy = z.number().min(0).max(3).default(DEFAULT_ENERGY)

/** An influencer: a preset avatar look plus its default voice (SPEC glossary). */
export const Influencer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  modelStyle: ModelStyle,
  emotion: Emotion,
  voiceId: VoiceId,
  look: AvatarLook,
})
export type Influencer = z.infer<typeof Influencer>
