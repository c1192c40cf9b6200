/**
 * Loads caption faces into the page with FontFace: the very files the render worker registers with
 * @napi-rs/canvas (packages/editor/src/fonts-node.ts), under the same family names, so the preview
 * measures and draws text as the video will. Files are fetched on first use only.
 */
import { captionFace } from '@mouthpiece/editor/caption-fonts'
import type { CaptionFace } from '@mouthpiece/editor/caption-fonts'
import type { CaptionFont } from '@mouthpiece/contracts/constants'

// Vite turns every Latin woff2 of the caption packages into a lazily imported asset URL.
const FILES = import.meta.glob<string>(
  '../../../../node_modules/@fontsource/{lato,noto-sans-jp,montserrat,open-sans,roboto,source-sans-pro,poppins,raleway,bebas-neue,arimo,roboto-condensed,anton,saira-condensed,ubuntu}/files/*-latin-*00-normal.woff2',
  { query: '?url', import: 'default' },
)

const loading = new Map<string, Promise<void>>()

function urlLoader(face: CaptionFace): (() => Promise<string>) | undefined {
  const suffix = `/@fontsource/${face.packageId}/files/${face.file}`
  const key = Object.keys(FILES).find((k) => k.endsWith(suffix))
  return key ? FILES[key] : undefined
}

export function loadFace(face: CaptionFace): Promise<void> {
  let p = loading.get(face.family)
  if (!p) {
    const load = urlLoader(face)
    p = load
      ? load().then(async (url) => {
          const font = await new FontFace(face.family, `url(${url})`).load()
          document.fonts.add(font)
        })
      : Promise.resolve()
    // A face that failed to load is tried again on next use (network blip).
    p.catch(() => loading.delete(face.family))
    loading.set(face.family, p)
  }
  return p
}

/** Loads the faces a document uses; resolves when all can be drawn. */
export async function loadCaptionFonts(
  uses: ReadonlyArray<{ fontFamily: CaptionFont; fontWeight: number }>,
): Promise<void> {
  const faces = new Map<string, CaptionFace>()
  for (const u of uses) {
    const face = captionFace(u.fontFamily, u.fontWeight)
    faces.set(face.family, face)
  }
  faces.set('mp-roboto-700', captionFace('Roboto', 700))
  await Promise.all([...faces.values()].map((f) => loadFace(f).catch(() => undefined)))
}
