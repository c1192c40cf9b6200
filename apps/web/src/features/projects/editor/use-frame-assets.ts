import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { routePath } from '@mouthpiece/contracts/define-route'
import { projectBackgroundFile, projectFile } from '@mouthpiece/contracts/projects/projects.contract'
import type { ProjectDocument, SceneAsset } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { FrameAssets } from '@mouthpiece/editor/draw-frame'
import type { Drawable } from '@mouthpiece/editor/frame-context'
import { API_BASE_URL } from '../../../lib/api'
import { customAvatarsQuery, loadPhotoImage } from '../../avatars'
import { photoPictures } from '@mouthpiece/avatar/photo-images'
import { loadVideoStill } from './video-still'

const images = new Map<string, Promise<HTMLImageElement>>()

function loadImage(url: string): Promise<HTMLImageElement> {
  let p = images.get(url)
  if (!p) {
    p = new Promise((resolve, reject) => {
      const img = new Image()
      img.onload = () => resolve(img)
      img.onerror = () => reject(new Error(`Could not load ${url}`))
      img.src = url
    })
    images.set(url, p)
  }
  return p
}

/** Looks of the user's custom avatars the scenes use; photo avatars' portraits are loaded, then the looks are handed out (so the canvas redraws). */
function useSceneLooks(doc: ProjectDocument): ReadonlyMap<number, AvatarLook> | undefined {
  const used = doc.scenes.some((s) => s.avatarData.customAvatarId != null)
  const mine = useQuery({ ...customAvatarsQuery, enabled: used })
  const [photosLoaded, setPhotosLoaded] = useState(0)
  useEffect(() => {
    let live = true
    const srcs = (mine.data?.avatars ?? []).flatMap((a) =>
      a.look.photo ? photoPictures(a.look.photo).map((p) => p.src) : [],
    )
    void Promise.all(srcs.map((src) => loadPhotoImage(src).catch(() => undefined))).then(
      () => live && setPhotosLoaded((n) => n + 1),
    )
    return () => {
      live = false
    }
  }, [mine.data])
  return useMemo(
    () => (mine.data && photosLoaded ? new Map(mine.data.avatars.map((a) => [a.id, a.look])) : undefined),
    [mine.data, photosLoaded],
  )
}

/**
 * The background image (or a still of the background video) and the image overlays, decoded
 * (shared by the canvas and the thumbnails).
 */
function useDecodedImages(doc: ProjectDocument, projectId: number): ReadonlyMap<string, Drawable> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, Drawable>>(new Map())
  const listed = useMemo(() => {
    const list: Array<{ key: string; url: string; video?: true }> = []
    // A video background is drawn as a still of it (the render lays the moving video itself).
    if (doc.background.type !== 'color')
      list.push({
        key: doc.background.id,
        url: API_BASE_URL + routePath(projectBackgroundFile.path, { backgroundId: doc.background.id }),
        ...(doc.background.type === 'video' ? { video: true as const } : {}),
      })
    for (const scene of doc.scenes)
      for (const a of scene.assets)
        if (a.type === 'image' && a.file && !list.some((w) => w.key === a.file))
          list.push({
            key: a.file,
            url: API_BASE_URL + routePath(projectFile.path, { projectId, file: a.file }),
          })
    return list
  }, [doc.background, doc.scenes, projectId])
  // Edits that do not change which files are drawn must not reload them.
  const signature = listed.map((w) => `${w.key}${w.video ? ':video' : ''}`).join('|')
  const wanted = useMemo(() => listed, [signature]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    let live = true
    void Promise.all(
      wanted.map(
        async (w) =>
          [w.key, await (w.video ? loadVideoStill(w.url) : loadImage(w.url)).catch(() => null)] as const,
      ),
    ).then((pairs) => {
      if (!live) return
      const map = new Map<string, Drawable>()
      for (const [key, img] of pairs) if (img) map.set(key, img)
      setLoaded(map)
    })
    return () => {
      live = false
    }
  }, [wanted])
  return loaded
}

/** What drawFrame needs decoded: the background image, the image overlays, and video overlay frames. */
export function useFrameAssets(doc: ProjectDocument, projectId: number): FrameAssets {
  const loaded = useDecodedImages(doc, projectId)
  const videoFrame = useVideoOverlays(doc, projectId)
  const looks = useSceneLooks(doc)
  return useMemo(() => ({ images: loaded, looks, videoFrame }), [loaded, looks, videoFrame])
}

/**
 * What the timeline thumbnails draw with: the same decoded background and overlay images (a video
 * background as its still) and the custom avatars' looks (no video overlay frames), plus a stamp that changes once they are in, so a
 * thumbnail drawn before its background image arrived is drawn again (never left black).
 */
export function useThumbnailAssets(
  doc: ProjectDocument,
  projectId: number,
): { assets: FrameAssets; stamp: string } {
  const images = useDecodedImages(doc, projectId)
  const looks = useSceneLooks(doc)
  return useMemo(
    () => ({
      assets: { images, looks },
      stamp: `${[...images.keys()].join(',')}|${looks ? looks.size : '-'}`,
    }),
    [images, looks],
  )
}

/** Seeking closer than this to where the element already is would only stutter playback. */
const VIDEO_SLACK_S = 0.12

/**
 * Video overlays in the preview: one muted <video> per overlay file, moved to the time the frame
 * asks for (the render draws ffmpeg's decoded frames at the same times). A finished seek redraws.
 */
function useVideoOverlays(doc: ProjectDocument, projectId: number): FrameAssets['videoFrame'] {
  const [seeked, setSeeked] = useState(0)
  const elements = useRef(new Map<string, HTMLVideoElement>())
  const files = useMemo(
    () =>
      [
        ...new Set(
          doc.scenes.flatMap((s) => s.assets.filter((a) => a.type === 'video' && a.file).map((a) => a.file!)),
        ),
      ].join('|'),
    [doc.scenes],
  )
  useEffect(() => {
    const wanted = new Set(files ? files.split('|') : [])
    for (const [file, el] of elements.current) {
      if (wanted.has(file)) continue
      el.removeAttribute('src')
      elements.current.delete(file)
    }
    for (const file of wanted) {
      if (elements.current.has(file)) continue
      const el = document.createElement('video')
      el.muted = true
      el.preload = 'auto'
      el.playsInline = true
      el.crossOrigin = API_BASE_URL ? 'use-credentials' : null
      el.src = API_BASE_URL + routePath(projectFile.path, { projectId, file })
      el.addEventListener('seeked', () => setSeeked((n) => n + 1))
      el.addEventListener('loadeddata', () => setSeeked((n) => n + 1))
      elements.current.set(file, el)
    }
  }, [files, projectId])
  return useCallback(
    (asset: SceneAsset, t: number) => {
      const el = asset.file ? elements.current.get(asset.file) : undefined
      if (!el) return undefined
      const at = Math.min(t, Number.isFinite(el.duration) ? Math.max(0, el.duration - 0.05) : t)
      if (!el.seeking && Math.abs(el.currentTime - at) > VIDEO_SLACK_S) el.currentTime = at
      return el.readyState >= 2 ? el : undefined
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function after each seek makes the stage redraw
    [seeked],
  )
}
