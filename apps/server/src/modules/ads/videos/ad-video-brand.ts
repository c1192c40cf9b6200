/**
 * What an ad video carries of its brand (issue 25, decision 0075): the logo for the whole video,
 * the product cut-out coming in beside the presenter, captions in the brand's face and colours, and
 * an end card with the call to action. All of it is worked out here from the project's brand kit
 * and its ad images (the same logo choice by contrast, safe area and fonts the ad images use) and
 * handed to the render as its generic dressing: renders draws pictures and a card, it knows no brand.
 */
import { CAPTION_FONTS } from '@mouthpiece/contracts/constants'
import type { CaptionFont } from '@mouthpiece/contracts/constants'
import { DEFAULT_CAPTION_STYLE } from '@mouthpiece/contracts/ads/brands.schemas'
import { DEFAULT_CTA } from '@mouthpiece/contracts/ads/images'
import type { FrameBox, VideoFrame } from '@mouthpiece/contracts/media/render.schemas'
import { chooseLogo } from '@mouthpiece/editor/ads/ad-logo'
import { safeInset } from '@mouthpiece/editor/ads/ad-layout'
import { contrastRatio } from '@mouthpiece/editor/ads/contrast'
import { adCopyFromKit } from '@mouthpiece/editor/ads/site-copy'
import { frameCanvas, frameLayout, outputSize } from '../../../platform/media'
import type { StoredPicture, VideoDressing } from '../../renders'
import type { AdsDeps } from '../ads.deps'
import type { BrandKit } from '../brands/brand-kit.service'
import { kitTextOn } from '../brands/brand-kit.service'
import { kitForAds } from '../images/ad-design'
import type { KitForAds } from '../images/ad-design'
import * as images from '../images/ad-images.repo'

/** How long the call-to-action card stays after the speech. */
export const END_CARD_SECONDS = 2
/** The product comes in this long after the start, over this long (decision 0075). */
const PRODUCT_ENTER = { kind: 'slide', from: 'right', at: 0.3, seconds: 0.5 } as const
/** A logo band is used above the presenter when it is at least this tall (a fraction of the frame). */
const MIN_BAND = 0.08

interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Where the presenter and the captions are in `frame`, as fractions of the frame, and its safe inset. */
function frameRegions(frame: VideoFrame) {
  const canvas = frameCanvas(frame)
  const { avatarBox: a, captionBox: c } = frameLayout(frame)
  const { width, height } = outputSize('720p', frame)
  const inset = safeInset(width, height)
  const avatar: Rect = {
    x0: (a.x - a.width / 2) / canvas.width,
    y0: (a.y - a.height / 2) / canvas.height,
    x1: (a.x + a.width / 2) / canvas.width,
    y1: (a.y + a.height / 2) / canvas.height,
  }
  return {
    width,
    height,
    avatar,
    captionTop: (c.y - c.h / 2) / canvas.height,
    ix: inset / width,
    iy: inset / height,
  }
}

type Regions = ReturnType<typeof frameRegions>

const toFraction = (b: { x: number; y: number; w: number; h: number }, r: Regions): FrameBox => ({
  x: Math.max(0, b.x / r.width),
  y: Math.max(0, b.y / r.height),
  w: Math.min(1, b.w / r.width),
  h: Math.min(1, b.h / r.height),
})

/**
 * The logo in `box` (fractions) over `background`: the variant that reaches 3:1 against it, else
 * knocked out in white or black, else on a plate (ad-logo's chooseLogo, decision 0064).
 */
function logoPicture(
  ads: KitForAds,
  box: FrameBox,
  anchor: 'left' | 'center',
  background: string,
  r: Regions,
): StoredPicture | null {
  const logos = ads.kit.logos
  if (!logos?.length) return null
  const px = { x: box.x * r.width, y: box.y * r.height, w: box.w * r.width, h: box.h * r.height }
  const choice = chooseLogo(logos, px, anchor, [], { width: r.width, background })
  const logo = choice.assets.find((a) => a.kind === 'logo')
  const plate = choice.assets.find((a) => a.id === 'logo-plate')
  const file = logo?.image ? ads.images[logo.image] : undefined
  if (!logo || !file) return null
  return {
    key: file.file_key,
    box: toFraction(plate ?? logo, r),
    align: 'center',
    ...(logo.knockout ? { knockout: logo.knockout === 'white' ? '#FFFFFF' : '#000000' } : {}),
    ...(plate?.fill ? { plate: plate.fill } : {}),
  }
}

/** The logo's place for the whole video: a band above the presenter when there is one, else the top-left corner. */
function videoLogoBox(r: Regions): { box: FrameBox; anchor: 'left' | 'center' } {
  const band = r.avatar.y0 - r.iy - 0.01
  if (band >= MIN_BAND)
    return { box: { x: r.ix, y: r.iy, w: 1 - 2 * r.ix, h: Math.min(band, 0.09) }, anchor: 'center' }
  return {
    box: { x: r.ix, y: r.iy, w: Math.max(r.avatar.x0 - r.ix - 0.01, 0.22), h: 0.1 },
    anchor: 'left',
  }
}

/** The product's place: square, at the frame's right edge, standing on the presenter's lower edge, above the captions. */
function productBox(r: Regions): FrameBox {
  // Narrower in the square frame, where the presenter takes most of the width.
  const w = r.width > r.height ? 0.24 : r.width === r.height ? 0.26 : 0.3
  const h = (w * r.width) / r.height
  const bottom = Math.min(r.avatar.y1, r.captionTop - 0.01)
  return { x: 1 - r.ix - w, y: Math.max(r.iy, bottom - h), w, h }
}

/**
 * The product to show: the cut-out the project's ad image uses (the picked one first), else the
 * project's newest cut-out, else the brand's first product picture (not its og:image: a share
 * banner is not a product). The call to action: the ad image's, else the site's first button
 * (the kit's, fitted as the image form takes it), else DEFAULT_CTA.
 */
async function productKey(deps: AdsDeps, userId: number, projectId: number, kit: BrandKit) {
  const designs = await images.listGenerations(deps.db, userId, projectId)
  const design = designs.find((g) => g.selected) ?? designs[0]
  const assets = await images.listAssets(deps.db, userId, projectId)
  const picked = design?.characters[0]
  const fromDesign = picked
    ? assets.find((a) => a.id === picked.asset_id)?.characters.find((c) => c.id === picked.character_id)
    : undefined
  const cutOut = fromDesign ?? assets.find((a) => a.characters.length)?.characters[0]
  return {
    key: cutOut?.file_key ?? kit.images.find((i) => i.source !== 'og:image')?.file_key ?? null,
    cta: design?.cta.trim() || adCopyFromKit(kit).cta || DEFAULT_CTA,
  }
}

/** A face by caption-font name, or the brand's font file, or nothing usable (the default stays). */
function faceOf(
  font: { family: string } | undefined,
  ads: KitForAds,
): { family?: CaptionFont; key?: string } | null {
  if (!font) return null
  const caption = CAPTION_FONTS.find((c) => c.toLowerCase() === font.family.toLowerCase())
  if (caption) return { family: caption }
  const file = ads.fontFiles.find((f) => f.family === font.family)
  return file ? { key: file.file_key } : null
}

/**
 * The caption face: the first of the brand's fonts we can draw (a caption font by name or a font
 * file) — the kit's caption style font when the brand chose one, then its body, heading and other fonts.
 */
function captionFace(kit: BrandKit, ads: KitForAds) {
  const style = kit.caption_style
  const order = ['body', 'heading', null] as const
  const fonts = [...kit.fonts].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role))
  const candidates = [
    ...(style.font_family !== DEFAULT_CAPTION_STYLE.font_family
      ? [{ family: style.font_family, weight: style.font_weight }]
      : []),
    ...fonts,
  ]
  for (const font of candidates) {
    const face = faceOf(font, ads)
    if (face) return { ...face, weight: face.key ? font.weight : style.font_weight }
  }
  return null
}

/** A kit colour that reads on `background` (≥ 4.5:1) other than `not`, accents first: the spoken word's highlight. */
function highlightOn(kit: BrandKit, background: string, not: string): string {
  const order = ['accent', 'secondary', 'primary', 'other', 'text', 'background']
  const found = [...kit.colours]
    .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role))
    .find((c) => c.hex !== not && contrastRatio(c.hex, background) >= 4.5)
  return found?.hex ?? not
}

/** The brand's outline colour when it stands out from the text (≥ 3:1), else white or black, whichever does more. */
function outlineFor(text: string, styled: string): string {
  if (contrastRatio(text, styled) >= 3) return styled
  return contrastRatio(text, '#FFFFFF') >= contrastRatio(text, '#000000') ? '#FFFFFF' : '#000000'
}

/** A button colour for the call to action: a kit colour that stands out from the card (≥ 3:1), if any. */
function pillOn(kit: BrandKit, background: string): string | undefined {
  return kit.colours.find((c) => c.hex !== background && contrastRatio(c.hex, background) >= 3)?.hex
}

/** The brand's dressing of an ad video in `frame` over the background colour `background`. */
export async function brandDressing(
  deps: AdsDeps,
  userId: number,
  projectId: number,
  kit: BrandKit,
  frame: VideoFrame,
  background: string,
): Promise<VideoDressing> {
  const ads = await kitForAds(deps, userId, kit.id)
  const r = frameRegions(frame)
  const overlays: VideoDressing['overlays'] = []
  const where = videoLogoBox(r)
  const logo = logoPicture(ads, where.box, where.anchor, background, r)
  if (logo) overlays.push(logo)
  const { key: product, cta } = await productKey(deps, userId, projectId, kit)
  if (product) overlays.push({ key: product, box: productBox(r), align: 'right', enter: PRODUCT_ENTER })

  const line = kitTextOn(kit, background).hex
  const styled = kit.caption_style.color
  const lineColour = contrastRatio(styled, background) >= 4.5 ? styled : line
  const face = captionFace(kit, ads)
  const captions: VideoDressing['captions'] = {
    textColor2: lineColour,
    textColor1: highlightOn(kit, background, lineColour),
    outlineColor: outlineFor(lineColour, kit.caption_style.outline_color),
    ...(face?.key ? { fontKey: face.key } : {}),
    ...(face?.family ? { family: face.family } : {}),
    ...(face ? { weight: face.weight } : {}),
  }

  // The end card: the brand background, the logo large, the call to action as a button under it.
  const tall = r.height > r.width
  const cardLogo = logoPicture(
    ads,
    { x: 0.15, y: tall ? 0.24 : 0.14, w: 0.7, h: tall ? 0.14 : 0.26 },
    'center',
    background,
    r,
  )
  const pill = pillOn(kit, background)
  const heading = faceOf(ads.kit.headingFont, ads)
  return {
    overlays,
    captions,
    endCard: {
      seconds: END_CARD_SECONDS,
      background,
      pictures: cardLogo ? [cardLogo] : [],
      text: {
        content: cta,
        color: kitTextOn(kit, pill ?? background).hex,
        box: { x: 0.1, y: tall ? 0.5 : 0.52, w: 0.8, h: tall ? 0.13 : 0.26 },
        ...(pill ? { pill } : {}),
        face: { ...heading, weight: Math.max(ads.kit.headingFont.weight, 700) },
      },
    },
  }
}
