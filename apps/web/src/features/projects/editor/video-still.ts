import { API_BASE_URL } from '../../../lib/api'

/** Where the still is taken: past a fade-in or a black first frame, inside even a short clip. */
export const STILL_AT_SECONDS = 0.5
/** A video that never decodes (unsupported codec, stalled link) gives up rather than hang. */
const STILL_TIMEOUT_MS = 15_000

const stills = new Map<string, Promise<HTMLCanvasElement>>()

/**
 * One frame of a video, drawn once onto a canvas of the video's size: what the timeline thumbnails
 * (and the paused preview) show for a video background. There is no server poster for uploaded
 * backgrounds, so the browser decodes it: a muted <video> seeks to ~0.5 s and the frame is copied.
 * With an API on another origin the file is asked for with credentials (CORS), so the canvas stays
 * readable for `toDataURL`. Cached per URL, like the decoded images.
 */
export function loadVideoStill(url: string): Promise<HTMLCanvasElement> {
  let p = stills.get(url)
  if (!p) {
    p = grabStill(url)
    // A failure is not cached: the next draw tries again (the file may still be uploading).
    p.catch(() => stills.delete(url))
    stills.set(url, p)
  }
  return p
}

function grabStill(url: string): Promise<HTMLCanvasElement> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video')
    const done = (error?: Error) => {
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load()
      if (error) reject(error)
    }
    const timer = setTimeout(() => done(new Error(`No frame from ${url}`)), STILL_TIMEOUT_MS)
    video.muted = true
    video.playsInline = true
    video.preload = 'auto'
    video.crossOrigin = API_BASE_URL ? 'use-credentials' : null
    video.addEventListener('loadedmetadata', () => {
      const d = video.duration
      video.currentTime = Number.isFinite(d) && d > 0 ? Math.min(STILL_AT_SECONDS, d / 2) : 0
    })
    video.addEventListener('seeked', () => {
      const canvas = document.createElement('canvas')
      canvas.width = video.videoWidth
      canvas.height = video.videoHeight
      const ctx = canvas.getContext('2d')
      if (!ctx || !canvas.width || !canvas.height) return done(new Error(`No picture in ${url}`))
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
      done()
      resolve(canvas)
    })
    video.addEventListener('error', () => done(new Error(`Could not load ${url}`)))
    video.src = url
  })
}
