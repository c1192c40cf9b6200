/**
 * The public background calls (SPEC §7 "text background {sentence}", "video background {id}"):
 * a ready background suggested for a line by the mood of its words, and each ready background as
 * a short looping MP4 that ffmpeg draws once (a slow diagonal drift between the preset's two
 * colours) and storage keeps.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BACKGROUND_PRESETS } from '@mouthpiece/contracts/renders/renders.schemas'
import type { BackgroundPreset } from '@mouthpiece/contracts/renders/renders.schemas'
import type { SuggestedBackground } from '@mouthpiece/contracts/projects/public-backgrounds.contract'
import { ffmpeg } from '../../../platform/media'
import { AppError } from '../../../platform/http/errors'
import type { Storage } from '../../../platform/storage/storage'

/** Words that set a mood, per ready background (the first preset, studio, is the default). */
const MOODS: Array<{ id: BackgroundPreset['id']; words: string[] }> = [
  {
    id: 'coral',
    words: [
      'hype',
      'hyped',
      'win',
      'won',
      'epic',
      'fire',
      'amazing',
      'wow',
      'party',
      'love',
      'celebrate',
      'thanks',
      'thank',
      'awesome',
      'sunset',
      'summer',
    ],
  },
  {
    id: 'ocean',
    words: [
      'calm',
      'relax',
      'chill',
      'ocean',
      'sea',
      'water',
      'wave',
      'waves',
      'peace',
      'breathe',
      'blue',
      'beach',
      'travel',
    ],
  },
  {
    id: 'night',
    words: [
      'night',
      'game',
      'gaming',
      'stream',
      'streaming',
      'twitch',
      'live',
      'raid',
      'chat',
      'city',
      'dark',
      'late',
      'subs',
      'bits',
    ],
  },
  {
    id: 'mint',
    words: [
      'fresh',
      'green',
      'nature',
      'health',
      'healthy',
      'spring',
      'grow',
      'garden',
      'forest',
      'eco',
      'mint',
      'morning',
    ],
  },
  {
    id: 'paper',
    words: [
      'read',
      'learn',
      'book',
      'books',
      'study',
      'news',
      'write',
      'story',
      'history',
      'tutorial',
      'guide',
      'lesson',
      'today',
    ],
  },
]

const preset = (id: string) => BACKGROUND_PRESETS.find((p) => p.id === id)
export const backgroundNotFound = () => new AppError('not_found', 'Background not found', 404)
export const videoBackgroundPath = (id: string) => `/api/video-background/${id}`

/** The ready background whose mood words the sentence uses most (ties: the earlier mood); else studio. */
export function suggestBackground(sentence: string): SuggestedBackground {
  const words = sentence
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s']/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  let best: { id: BackgroundPreset['id']; matched: string[] } = { id: 'studio', matched: [] }
  for (const mood of MOODS) {
    const matched = [...new Set(words.filter((w) => mood.words.includes(w)))]
    if (matched.length > best.matched.length) best = { id: mood.id, matched }
  }
  const p = preset(best.id)!
  return {
    id: p.id,
    label: p.label,
    colors: [p.colors[0], p.colors[1]],
    video_url: videoBackgroundPath(p.id),
    matched: best.matched,
  }
}

const SECONDS = 6
const videoKey = (id: string) => `video-backgrounds/${id}-v1.mp4`
const making = new Map<string, Promise<string>>()

/** The storage key of a ready background's video, drawn on first request (one at a time per id). */
export async function videoBackgroundKey(storage: Storage, id: string): Promise<string> {
  const p = preset(id)
  if (!p) throw backgroundNotFound()
  const key = videoKey(p.id)
  if (await storage.stat(key)) return key
  let job = making.get(key)
  if (!job) {
    job = (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'video-bg-'))
      try {
        const file = path.join(dir, 'bg.mp4')
        const [a, b] = p.colors.map((c) => `0x${c.slice(1)}`)
        // Two-colour gradient turning slowly: the same look as the preset's CSS, moving.
        await ffmpeg([
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          `gradients=size=1280x720:rate=30:c0=${a}:c1=${b}:nb_colors=2:speed=0.01:duration=${SECONDS}`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
          file,
        ])
        await storage.put(key, fs.createReadStream(file), 'video/mp4')
        return key
      } finally {
        await rm(dir, { recursive: true, force: true })
        making.delete(key)
      }
    })()
    making.set(key, job)
  }
  return job
}
