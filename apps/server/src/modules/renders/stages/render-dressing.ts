/**
 * A video's dressing: what another module asks a render to wear besides the avatar — pictures over
 * the frame (ads: the brand's logo, a product sliding in), an end card after the speech (ads: the
 * call to action) and the captions' face and colours (a brand's font). Renders knows nothing of
 * brands: the asking module resolves its own entities to stored files (the caller never names a
 * key), and the render stage fetches them and hands the compositor plain render options.
 * A file gone since (a logo deleted before a retry) leaves its picture out, not the video.
 */
import type {
  CaptionOptionsInput,
  EndCardInput,
  FrameBox,
  OverlayEnter,
  OverlayInput,
} from '@mouthpiece/contracts/media/render.schemas'
import type { CaptionFont } from '@mouthpiece/contracts/constants'

/** A picture from storage placed on the frame (see the media FramePicture). */
export interface StoredPicture {
  /** Storage key the server resolved from an entity the owner has (a brand logo, a cut-out). */
  key: string
  box: FrameBox
  align?: 'left' | 'center' | 'right'
  knockout?: string
  plate?: string
}

export interface VideoDressing {
  overlays: Array<StoredPicture & { enter?: OverlayEnter }>
  endCard?: {
    seconds: number
    background: string
    pictures: StoredPicture[]
    text?: {
      content: string
      color: string
      box: FrameBox
      pill?: string
      /** A caption font by name, or a stored font file (its key) with its weight. */
      face: { family?: CaptionFont; weight: number; key?: string }
    }
  }
  captions?: {
    textColor1?: string
    textColor2?: string
    outlineColor?: string
    /** Stored font file (TTF/OTF) drawing the captions, else `family`. */
    fontKey?: string
    family?: CaptionFont
    weight?: number
  }
}

/** Copies a stored file to the worker's disk: its path, or null when it is gone. */
export type FetchStored = (key: string, name: string) => Promise<string | null>

/** The render options the dressing adds, with every stored file fetched (missing pictures dropped). */
export async function dressingOptions(
  dressing: VideoDressing,
  fetch: FetchStored,
): Promise<{
  overlays: OverlayInput[]
  endCard: EndCardInput | null
  captions: Partial<CaptionOptionsInput>
}> {
  let n = 0
  const picture = async <P extends StoredPicture>(p: P) => {
    const { key, ...rest } = p
    const path = await fetch(key, `dressing-${n++}${extension(key)}`)
    return path ? { ...rest, path } : null
  }
  const present = <T>(xs: Array<T | null>) => xs.filter((x): x is T => x !== null)
  const overlays = present(await Promise.all(dressing.overlays.map(picture)))
  const card = dressing.endCard
  let endCard: EndCardInput | null = null
  if (card) {
    const { text } = card
    const faceFile = text?.face.key
      ? await fetch(text.face.key, `dressing-face${extension(text.face.key)}`)
      : null
    endCard = {
      seconds: card.seconds,
      background: card.background,
      pictures: present(await Promise.all(card.pictures.map(picture))),
      ...(text
        ? {
            text: {
              content: text.content,
              color: text.color,
              box: text.box,
              ...(text.pill ? { pill: text.pill } : {}),
              face: {
                weight: text.face.weight,
                ...(text.face.family ? { family: text.face.family } : {}),
                ...(faceFile ? { file: faceFile } : {}),
              },
            },
          }
        : {}),
    }
  }
  const c = dressing.captions
  const fontFile = c?.fontKey ? await fetch(c.fontKey, `dressing-captions${extension(c.fontKey)}`) : null
  const captions: Partial<CaptionOptionsInput> = c
    ? {
        style: {
          ...(c.textColor1 ? { textColor1: c.textColor1 } : {}),
          ...(c.textColor2 ? { textColor2: c.textColor2 } : {}),
          ...(c.family ? { currentFontFamily: c.family } : {}),
          ...(c.weight ? { fontWeight: c.weight } : {}),
        },
        ...(c.outlineColor ? { outlineColor: c.outlineColor } : {}),
        ...(fontFile ? { fontFile } : {}),
      }
    : {}
  return { overlays, endCard, captions }
}

/** The key's extension (lower case), so decoders that go by name see the right one. */
const extension = (key: string) => /\.[a-z0-9]{2,5}$/i.exec(key)?.[0].toLowerCase() ?? ''
