/**
 * Registers the caption faces with @napi-rs/canvas (the render worker's side), from the same
 * @fontsource files the page loads with FontFace, under the same family names.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'
import { allCaptionFaces } from './caption-fonts'
import type { CaptionFace } from './caption-fonts'

const requireHere = createRequire(import.meta.url)
const registered = new Set<string>()

export function captionFontPath(face: CaptionFace): string {
  return path.join(
    path.dirname(requireHere.resolve(`@fontsource/${face.packageId}/package.json`)),
    'files',
    face.file,
  )
}

/** Registers every caption face once per process (about 100 small Latin files, a few ms). */
export function registerCaptionFontsNode(): void {
  for (const face of allCaptionFaces()) {
    if (registered.has(face.family)) continue
    GlobalFonts.registerFromPath(captionFontPath(face), face.family)
    registered.add(face.family)
  }
}
