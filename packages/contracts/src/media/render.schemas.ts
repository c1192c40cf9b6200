import { z } from 'zod'
import {
  CAPTION_FONTS,
  DEFAULT_CAPTION_BOX,
  DEFAULT_CAPTION_COLORS,
  DEFAULT_CAPTION_FONT,
  DEFAULT_FONT_SIZE_PT,
  DEFAULT_FONT_WEIGHT,
  DEFAULT_OUTLINE_COLOR,
  PROJECT_SETTING_DEFAULTS,
} from '../constants'
import { AvatarBox, Energy } from './avatar.schemas'
import { WorkerPath } from './stored-file.schemas'
import { DEFAULT_EMOTION, Emotion } from './voices.schemas'

const Hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a 6-digit hex colour (a hash sign, then RRGGBB)')

export const CaptionFontFamily = z.enum(CAPTION_FONTS)

/**
 * SPEC §3 "Caption style" (currentFontFamily, formatFontFamily, fontSize, fontFormat, textColor1,
 * textColor2, fontWeight). fontSize is in points; the renderer converts with 96/72.
 * textColor1 highlights the word being spoken, textColor2 is the rest of the line.
 */
export const CaptionStyle = z.object({
  currentFontFamily: CaptionFontFamily.default(DEFAULT_CAPTION_FONT),
  /** CSS font-family string the page uses for the same face, e.g. `"Roboto", sans-serif`. */
  formatFontFamily: z.string().optional(),
  fontSize: z.number().min(6).max(200).default(DEFAULT_FONT_SIZE_PT),
  fontFormat: z.enum(['bold', 'normal']).default('bold'),
  textColor1: Hex.default(DEFAULT_CAPTION_COLORS[0]),
  textColor2: Hex.default(DEFAULT_CAPTION_COLORS[1]),
  fontWeight: z.number().int().min(100).max(900).default(DEFAULT_FONT_WEIGHT),
})
export type CaptionStyle = z.infer<typeof CaptionStyle>

/** SPEC §3 captionData box, in editor-canvas pixels (840×465 landscape); x,y is the box centre. */
export const CaptionBox = z.object({
  x: z.number().default(DEFAULT_CAPTION_BOX.x),
  y: z.number().default(DEFAULT_CAPTION_BOX.y),
  w: z.number().positive().default(DEFAULT_CAPTION_BOX.w),
  h: z.number().positive().default(DEFAULT_CAPTION_BOX.h),
  angle: z.number().min(-360).max(360).default(0),
})
export type CaptionBox = z.infer<typeof CaptionBox>

export const CaptionOptions = z.object({
  display: z.boolean().default(true),
  style: CaptionStyle.default(CaptionStyle.parse({})),
  box: CaptionBox.default(CaptionBox.parse({})),
  outlineColor: Hex.default(DEFAULT_OUTLINE_COLOR),
  /** Colour the spoken word with textColor1 (karaoke style); off shows whole lines in textColor2. */
  wordHighlight: z.boolean().default(true),
  /** A font file (a brand's own face, TTF/OTF) that draws the captions instead of currentFontFamily. */
  fontFile: WorkerPath.optional(),
})
export type CaptionOptions = z.infer<typeof CaptionOptions>
export type CaptionOptionsInput = z.input<typeof CaptionOptions>

export const VIDEO_RESOLUTIONS = ['720p', '1080p'] as const
export const VideoResolution = z.enum(VIDEO_RESOLUTIONS)
/** The two orientations projects, Quick Create and the demo offer (16:9 and 9:16). */
export const VIDEO_ORIENTATIONS = ['landscape', 'portrait'] as const
export const VideoOrientation = z.enum(VIDEO_ORIENTATIONS)
export type VideoOrientation = z.infer<typeof VideoOrientation>
/**
 * Every frame the renderer makes: the two orientations plus the feed frames of ad placements,
 * `square` (1:1) and `portrait_4_5` (4:5). `aspect` is width:height; the resolution names the
 * short side (720p → 720, 1080p → 1080), so 720p square is 720×720 and 1080p 4:5 is 1080×1350.
 */
export const VIDEO_FRAMES = {
  landscape: { label: '16:9', aspect: [16, 9] },
  portrait: { label: '9:16', aspect: [9, 16] },
  square: { label: '1:1', aspect: [1, 1] },
  portrait_4_5: { label: '4:5', aspect: [4, 5] },
} as const
export const VideoFrame = z.enum(
  Object.keys(VIDEO_FRAMES) as [keyof typeof VIDEO_FRAMES, ...Array<keyof typeof VIDEO_FRAMES>],
)
export type VideoFrame = z.infer<typeof VideoFrame>
export const VIDEO_FORMATS = ['mp4', 'webm'] as const
/** mp4: H.264/AAC with a background; webm: VP9 with alpha + Opus, transparent, for stream overlays. */
export const VideoFormat = z.enum(VIDEO_FORMATS)
export type VideoFormat = z.infer<typeof VideoFormat>

export const Background = z.discriminatedUnion('type', [
  z.object({ type: z.literal('color'), color: Hex.default('#1B1F2A') }),
  z.object({ type: z.literal('image'), path: WorkerPath }),
  /** An uploaded video, looped under the avatar; its sound is mixed at `volume` (video_volume). */
  z.object({
    type: z.literal('video'),
    path: WorkerPath,
    volume: z.number().min(0).max(2).default(PROJECT_SETTING_DEFAULTS.video_volume),
  }),
])
export type Background = z.infer<typeof Background>

/** A box on the frame in fractions of its width and height; x, y is the top-left corner. */
export const FrameBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().gt(0).max(1),
  h: z.number().gt(0).max(1),
})
export type FrameBox = z.infer<typeof FrameBox>

/**
 * A picture on the frame (a logo, a product cut-out): drawn whole (`contain`) in its box, against
 * `align`; `knockout` paints its opaque pixels one colour (a logo that would vanish otherwise),
 * `plate` puts a rounded plate behind it.
 */
export const FramePicture = z.object({
  path: WorkerPath,
  box: FrameBox,
  align: z.enum(['left', 'center', 'right']).default('center'),
  knockout: Hex.optional(),
  plate: Hex.optional(),
})
export type FramePicture = z.infer<typeof FramePicture>

/** How an overlay comes in: it fades in over `seconds` from `at`, sliding in from a side for `slide`. */
export const OverlayEnter = z.object({
  kind: z.enum(['slide', 'fade']),
  from: z.enum(['left', 'right', 'bottom']).default('right'),
  at: z.number().min(0).default(0),
  seconds: z.number().gt(0).max(5).default(0.5),
})
export type OverlayEnter = z.infer<typeof OverlayEnter>

/** A picture over the whole video (from `enter.at` when it comes in). */
export const Overlay = FramePicture.extend({ enter: OverlayEnter.optional() })
export type Overlay = z.infer<typeof Overlay>
export type OverlayInput = z.input<typeof Overlay>

/** A face for drawn text: a caption font by name, or a font file (a brand's face). */
export const TextFace = z.object({
  family: CaptionFontFamily.default(DEFAULT_CAPTION_FONT),
  weight: z.number().int().min(100).max(900).default(700),
  file: WorkerPath.optional(),
})

/**
 * A still card after the speech (an ad's call to action): its background, pictures and one text set
 * as large as fits its box. The sound goes silent under it; the video is that much longer.
 */
export const EndCard = z.object({
  seconds: z.number().min(0.5).max(10).default(2),
  background: Hex,
  pictures: z.array(FramePicture).max(4).default([]),
  text: z
    .object({
      content: z.string().trim().min(1).max(120),
      color: Hex,
      box: FrameBox,
      face: TextFace.default(TextFace.parse({})),
      /** A pill behind the text (a button); the text keeps `color` on it. */
      pill: Hex.optional(),
    })
    .optional(),
})
export type EndCard = z.infer<typeof EndCard>
export type EndCardInput = z.input<typeof EndCard>

/** How one avatar video is composed; field names follow SPEC §3 project settings where they exist. */
export const RenderOptions = z.object({
  format: VideoFormat.default('mp4'),
  video_resolution: VideoResolution.default(PROJECT_SETTING_DEFAULTS.video_resolution),
  /** The frame (an orientation, or an ad placement's square or 4:5 frame). */
  video_orientation: VideoFrame.default(PROJECT_SETTING_DEFAULTS.video_orientation),
  avatar_volume: z.number().min(0).max(2).default(PROJECT_SETTING_DEFAULTS.avatar_volume),
  fps: z.number().int().min(10).max(60).default(30),
  background: Background.default({ type: 'color', color: '#1B1F2A' }),
  avatarBox: AvatarBox.default(AvatarBox.parse({})),
  captions: CaptionOptions.nullable().default(CaptionOptions.parse({})),
  emotion: Emotion.default(DEFAULT_EMOTION),
  energy: Energy,
  /** Also write a poster thumbnail (JPEG) beside the video. */
  poster: z.boolean().default(true),
  /** Pictures over the video (a brand's logo, a product coming in), above the avatar and captions. */
  overlays: z.array(Overlay).max(8).default([]),
  /** A still card appended after the speech. */
  endCard: EndCard.nullable().default(null),
})
export type RenderOptions = z.infer<typeof RenderOptions>
export type RenderOptionsInput = z.input<typeof RenderOptions>

/** A short clip cut from a rendered video (SPEC §1 "short clips"). */
export const ClipOptions = z.object({
  start: z.number().nonnegative(),
  end: z.number().positive(),
  /** Reframe to 9:16 (centre crop) for vertical platforms. */
  vertical: z.boolean().default(false),
})
export type ClipOptions = z.infer<typeof ClipOptions>
