/**
 * ONE pure function draws a frame of a project, on any Canvas 2D context: the editor's preview
 * (browser canvas) and the final render (@napi-rs/canvas in the worker) both call it, so what the
 * user sees is what the video shows. Everything is a function of (document, time, decoded assets):
 * no state carries from one frame to the next, so any frame can be drawn on its own.
 *
 * Coordinates in the document are editor-canvas pixels (SPEC §9: 840×465 landscape, 465×840
 * portrait); the output is scaled uniformly by output width / canvas width, as the renderer does.
 */
import { CANVAS } from '@mouthpiece/contracts/constants'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type {
  ProjectDocument,
  Scene,
  SceneAsset,
} from '@mouthpiece/contracts/projects/project-document.schemas'
import { poseAt } from '@mouthpiece/avatar/animation'
import { drawAvatar } from '@mouthpiece/avatar/draw-avatar'
import { DEFAULT_INFLUENCER_ID, findInfluencer, INFLUENCERS } from '@mouthpiece/avatar/presets'
import { canvasFont, captionFace } from './caption-fonts'
import { drawCaption } from './draw-caption'
import type { Drawable, FrameCtx } from './frame-context'
import { currentTake, sceneAt } from './timeline'

export interface FrameAssets {
  /**
   * Decoded images: the background image (or a still of the background video) by its background
   * id, image assets by their `file`.
   */
  images?: ReadonlyMap<string, Drawable>
  /** Looks of custom avatars by customAvatarId. */
  looks?: ReadonlyMap<number, AvatarLook>
  /**
   * A video overlay's picture `t` seconds into the overlay: the render reads frames ffmpeg decoded
   * beforehand, the preview seeks a <video>. Undefined (not decoded yet) draws nothing.
   */
  videoFrame?: (asset: SceneAsset, t: number) => Drawable | undefined
}

export interface FrameOptions {
  /** Output size in the context's pixels. */
  width: number
  height: number
  /** Leave the background transparent (the render lays a background video under the frame). */
  transparentBackground?: boolean
  /**
   * Draw one part only (the render's two layers): the avatar, or what lies above it (overlays and
   * captions). Stacked in that order they are the whole frame.
   */
  part?: 'avatar' | 'top'
}

/** The editor canvas size for a document's orientation (SPEC §9). */
export function canvasSize(doc: Pick<ProjectDocument, 'settings'>): { width: number; height: number } {
  return doc.settings.video_orientation === 'portrait'
    ? { width: CANVAS.height, height: CANVAS.width }
    : { ...CANVAS }
}

function drawCover(ctx: FrameCtx, image: Drawable, width: number, height: number): void {
  const k = Math.max(width / image.width, height / image.height)
  const w = image.width * k
  const h = image.height * k
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h)
}

function drawBackground(
  ctx: FrameCtx,
  doc: ProjectDocument,
  assets: FrameAssets,
  size: { width: number; height: number },
): void {
  const bg = doc.background
  if (bg.type === 'color') {
    ctx.fillStyle = bg.color
    ctx.fillRect(0, 0, size.width, size.height)
    return
  }
  // An image, or a still of a video background (the editor's thumbnails and preview): the render
  // lays the moving video under a transparent frame itself and hands no still.
  const image = assets.images?.get(bg.id)
  ctx.fillStyle = '#000000'
  ctx.fillRect(0, 0, size.width, size.height)
  if (image) drawCover(ctx, image, size.width, size.height)
}

export function lookFor(scene: Scene, assets: FrameAssets): AvatarLook {
  const { customAvatarId, influencer, modelStyle } = scene.avatarData
  const custom = customAvatarId != null ? assets.looks?.get(customAvatarId) : undefined
  const look = custom ?? (findInfluencer(influencer ?? DEFAULT_INFLUENCER_ID) ?? INFLUENCERS[0]!).look
  return look.modelStyle === modelStyle ? look : { ...look, modelStyle }
}

function drawSceneAvatar(ctx: FrameCtx, scene: Scene, local: number, assets: FrameAssets): void {
  const a = scene.avatarData
  if (!a.showAvatar) return
  const look = lookFor(scene, assets)
  const take = currentTake(scene)
  const pose = poseAt(local, {
    cues: take?.cues ?? [],
    wordStarts: take?.words.map((w) => w.start) ?? [],
    seed: look.seed,
    emotion: a.emotion,
    energy: a.energy,
  })
  const p = a.position
  drawAvatar(ctx, look, pose, {
    x: p.x - p.width / 2,
    y: p.y - p.height / 2,
    width: p.width,
    height: p.height,
    angle: p.angle,
  })
}

function drawAsset(ctx: FrameCtx, asset: SceneAsset, assets: FrameAssets, local: number): void {
  // A sound has no picture.
  if (asset.type === 'audio') return
  ctx.save()
  ctx.translate(asset.x, asset.y)
  if (asset.angle) ctx.rotate((asset.angle * Math.PI) / 180)
  if ((asset.type === 'image' || asset.type === 'video') && asset.file) {
    const image =
      asset.type === 'image'
        ? assets.images?.get(asset.file)
        : assets.videoFrame?.(asset, Math.max(0, local - asset.start))
    if (image) ctx.drawImage(image, -asset.w / 2, -asset.h / 2, asset.w, asset.h)
  } else if (asset.type === 'text' && asset.text) {
    ctx.font = canvasFont(captionFace('Roboto', 700), asset.h * 0.6)
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillStyle = asset.color
    ctx.fillText(asset.text, 0, 0)
  }
  ctx.restore()
}

/** Draws the project at time tMs (milliseconds from the start of the first scene). */
export function drawFrame(
  ctx: FrameCtx,
  doc: ProjectDocument,
  tMs: number,
  assets: FrameAssets,
  options: FrameOptions,
): void {
  const size = canvasSize(doc)
  const k = options.width / size.width
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, options.width, options.height)
  ctx.scale(k, k)
  const height = options.height / k
  if (!options.transparentBackground) drawBackground(ctx, doc, assets, { width: size.width, height })
  const at = sceneAt(doc, tMs / 1000)
  if (at) {
    const { scene } = at.span
    if (options.part !== 'top') drawSceneAvatar(ctx, scene, at.local, assets)
    if (options.part !== 'avatar') {
      const visible = scene.assets
        .filter((a) => at.local >= a.start && at.local < a.end)
        .sort((a, b) => a.layer - b.layer)
      for (const asset of visible) drawAsset(ctx, asset, assets, at.local)
      drawCaption(ctx, scene, at.local)
    }
  }
  ctx.restore()
}
