import type { Storage } from '../../../platform/storage/storage'
import type { RenderFileKeys } from '../renders.table'

/**
 * Where a render's files live in storage: `renders/<id>/<prefix><id>.<ext>`, with the spec's asset
 * id prefixes (SPEC §9: audio_id_, video_id_).
 */
export const renderFileKey = (renderId: string, name: string) => `renders/${renderId}/${name}`
export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1)

export const renderFileNames = {
  voiceWav: (id: string) => `audio_id_${id}.wav`,
  audioDownload: (id: string, format: 'mp3' | 'wav') => `audio_id_${id}.${format}`,
  video: (id: string, format: 'mp4' | 'webm') => `video_id_${id}.${format}`,
  poster: (id: string, format: 'mp4' | 'webm') => `video_id_${id}.${format === 'webm' ? 'png' : 'jpg'}`,
  captions: (id: string, kind: 'video' | 'audio', ext: 'vtt' | 'srt') =>
    `${kind === 'video' ? 'video_id_' : 'audio_id_'}${id}.${ext}`,
}

/** The link a page (or a download button) opens for a stored render file. */
export const renderFileUrl = (renderId: string, key: string | undefined, download = false) =>
  key ? `/api/renders/${renderId}/files/${baseName(key)}${download ? '?download=1' : ''}` : null

/** Every name a render may have written, so cancel and delete leave nothing behind. */
export function allRenderFileKeys(renderId: string, known: RenderFileKeys = {}): string[] {
  const names = [
    renderFileNames.voiceWav(renderId),
    renderFileNames.audioDownload(renderId, 'mp3'),
    renderFileNames.video(renderId, 'mp4'),
    renderFileNames.video(renderId, 'webm'),
    renderFileNames.poster(renderId, 'mp4'),
    renderFileNames.poster(renderId, 'webm'),
    ...(['video', 'audio'] as const).flatMap((k) =>
      (['vtt', 'srt'] as const).map((e) => renderFileNames.captions(renderId, k, e)),
    ),
  ]
  return [
    ...new Set([
      ...names.map((n) => renderFileKey(renderId, n)),
      ...Object.values(known).filter((k): k is string => Boolean(k)),
    ]),
  ]
}

export async function removeRenderFiles(
  storage: Storage,
  renderId: string,
  known?: RenderFileKeys,
): Promise<void> {
  await Promise.all(allRenderFileKeys(renderId, known).map((key) => storage.delete(key)))
}
