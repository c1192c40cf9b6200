import { VideoFrame } from '@mouthpiece/contracts/media/render.schemas'

/** A render's frame from its `video_orientation` (a plain string on the wire); unknown reads as landscape. */
export function renderFrame(orientation: string): VideoFrame {
  return VideoFrame.safeParse(orientation).data ?? 'landscape'
}

/** How a page names a render's frame: "landscape", "portrait", "square 1:1", "portrait 4:5". */
export function frameName(orientation: string): string {
  const names: Record<VideoFrame, string> = {
    landscape: 'landscape',
    portrait: 'portrait',
    square: 'square 1:1',
    portrait_4_5: 'portrait 4:5',
  }
  return names[renderFrame(orientation)]
}
