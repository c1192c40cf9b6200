/**
 * The whole generation in one call, for the render worker and the CLI:
 * text → speech (+ voice effect) → visemes → avatar video + poster + SRT/VTT beside it.
 * Also: an uploaded recording (no text) → envelope-driven lip sync → video.
 */
import { writeFile, rm } from 'node:fs/promises'
import { DEFAULT_EMOTION } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion, WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { RenderOptionsInput } from '@mouthpiece/contracts/media/render.schemas'
import { DEFAULT_INFLUENCER_ID, findInfluencer } from '@mouthpiece/avatar/presets'
import { probeAudioUpload } from '../audio/audio-upload'
import { decodeAudio } from '../audio/ffmpeg'
import { applyVoiceEffect } from '../audio/voice-effects'
import type { VoiceEffectSpec } from '../audio/voice-effects'
import { paginateByChars, toSrt, toVtt } from '../captions/subtitles'
import { visemeCuesFromAudio } from '../lipsync/audio-visemes'
import { visemeCues } from '../lipsync/phoneme-visemes'
import { speechService } from '../speech/speech.service'
import type { SpeechService } from '../speech/speech.service'
import { MediaInputError } from '../speech/speech.types'
import { renderAvatarVideo } from './compositor'
import type { RenderResult } from './compositor'

export interface AvatarChoice {
  /** A preset influencer id; ignored when `look` is given. */
  influencerId?: string
  /** A custom avatar (from lookFromPrompt). */
  look?: AvatarLook
}

export interface AvatarVideoRequest extends AvatarChoice {
  text: string
  /** Defaults to the influencer's own voice. */
  voiceId?: string
  emotion?: Emotion
  intensity?: number
  rate?: number
  pitch?: number
  voiceEffect?: VoiceEffectSpec
  render?: RenderOptionsInput
  outFile: string
  signal?: AbortSignal
  onProgress?: (progress: number, stage: string) => void
}

export interface AvatarVideoResult extends RenderResult {
  srt: string
  vtt: string
  audioDuration: number
  words: WordTiming[]
  /** Stage timings, ms: synthesize, effect, lipsync, plus the compositor's. */
  stages: Record<string, number>
}

export function resolveAvatar(choice: AvatarChoice): { look: AvatarLook; voiceId: string; emotion: Emotion } {
  if (choice.look)
    return {
      look: choice.look,
      voiceId: findInfluencer(DEFAULT_INFLUENCER_ID)!.voiceId,
      emotion: DEFAULT_EMOTION,
    }
  const influencer = findInfluencer(choice.influencerId ?? DEFAULT_INFLUENCER_ID)
  if (!influencer) throw new MediaInputError('Unknown avatar', 'unknown_avatar')
  return { look: influencer.look, voiceId: influencer.voiceId, emotion: influencer.emotion }
}

async function writeCaptionFiles(outFile: string, words: readonly WordTiming[]) {
  const pages = paginateByChars(words)
  const base = outFile.replace(/\.[^.]+$/, '')
  const srt = `${base}.srt`
  const vtt = `${base}.vtt`
  await Promise.all([writeFile(srt, toSrt(pages)), writeFile(vtt, toVtt(pages))])
  return { srt, vtt }
}

export async function createAvatarVideo(
  req: AvatarVideoRequest,
  speech: SpeechService = speechService(),
): Promise<AvatarVideoResult> {
  const stages: Record<string, number> = {}
  const avatar = resolveAvatar(req)
  const emotion = req.emotion ?? avatar.emotion
  let t = performance.now()
  req.onProgress?.(0, 'synthesizing')
  const spoken = await speech.synthesize(
    req.text,
    req.voiceId ?? avatar.voiceId,
    { emotion, intensity: req.intensity, rate: req.rate, pitch: req.pitch },
    req.signal,
  )
  stages.synthesize = Math.round(performance.now() - t)
  t = performance.now()
  const audio = req.voiceEffect ? await applyVoiceEffect(spoken, req.voiceEffect, req.signal) : spoken
  stages.effect = Math.round(performance.now() - t)
  t = performance.now()
  const cues = visemeCues(spoken.phonemes, spoken.duration)
  stages.lipsync = Math.round(performance.now() - t)
  const result = await renderAvatarVideo({
    audio,
    words: spoken.words,
    cues,
    look: avatar.look,
    outFile: req.outFile,
    signal: req.signal,
    options: { emotion, ...req.render },
    onProgress: (p, stage) => req.onProgress?.(0.05 + 0.95 * p, stage),
  })
  try {
    const files = await writeCaptionFiles(req.outFile, spoken.words)
    return {
      ...result,
      ...files,
      audioDuration: spoken.duration,
      words: spoken.words,
      stages: { ...stages, ...result.timings },
    }
  } catch (error) {
    await Promise.all([
      rm(result.file, { force: true }),
      result.poster ? rm(result.poster, { force: true }) : null,
    ])
    throw error
  }
}

export interface AudioVideoRequest extends AvatarChoice {
  /** An uploaded recording; checked by probing. */
  audioFile: string
  emotion?: Emotion
  render?: RenderOptionsInput
  outFile: string
  signal?: AbortSignal
  onProgress?: (progress: number, stage: string) => void
}

/** Lip sync for a recording without text: the mouth follows loudness and spectrum; no captions. */
export async function createAvatarVideoFromAudio(req: AudioVideoRequest): Promise<RenderResult> {
  await probeAudioUpload(req.audioFile, req.signal)
  const sampleRate = 24_000
  const pcm = await decodeAudio(req.audioFile, sampleRate, req.signal)
  const avatar = resolveAvatar(req)
  const cues = visemeCuesFromAudio(pcm, sampleRate)
  return renderAvatarVideo({
    audio: { pcm, sampleRate },
    words: [],
    cues,
    look: avatar.look,
    outFile: req.outFile,
    signal: req.signal,
    options: { emotion: req.emotion ?? avatar.emotion, ...req.render, captions: null },
    onProgress: req.onProgress,
  })
}
