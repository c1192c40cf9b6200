import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_AUDIO_MESSAGE } from '@mouthpiece/contracts/media/voices.schemas'
import { createSpeechService } from '../speech/speech.service'
import { pulseVoice, tempDir, writeWav } from '../test/media-test-kit'
import { probeAudioUpload } from './audio-upload'
import { ffmpeg } from './ffmpeg'
import { analyseVoice } from './voice-analysis'
import { applyVoiceEffect } from './voice-effects'
import { profileVoiceSample, synthesizeMatched } from './voice-match'

const speech = createSpeechService()
let tmp: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => (tmp = await tempDir()))
afterAll(async () => {
  await speech.close()
  await tmp.cleanup()
})

describe('voice analysis', () => {
  it.each([110, 220])('finds a %d Hz median F0', (f0) => {
    const profile = analyseVoice(pulseVoice(f0, 1.5), 16_000)
    expect(profile.medianF0).toBeGreaterThan(f0 * 0.97)
    expect(profile.medianF0).toBeLessThan(f0 * 1.03)
    expect(profile.voicedRatio).toBeGreaterThan(0.8)
  })
})

describe('voice effects', () => {
  it('shifts pitch with formants kept and keeps the length (lip sync still holds)', async () => {
    const r = await speech.synthesize('The quick brown fox jumps over the lazy dog.', 'espeak:en-us')
    const up = await applyVoiceEffect(r, { type: 'pitch', semitones: 5 })
    expect(up.pcm.length).toBe(r.pcm.length)
    const ratio = analyseVoice(up.pcm, up.sampleRate).medianF0 / analyseVoice(r.pcm, r.sampleRate).medianF0
    expect(ratio).toBeGreaterThan(1.2)
    expect(ratio).toBeLessThan(1.45)
  })

  it('robot voice keeps the length and changes the sound', async () => {
    const r = await speech.synthesize('I am a robot streamer.', 'espeak:en-us')
    const robot = await applyVoiceEffect(r, { type: 'robot' })
    expect(robot.pcm.length).toBe(r.pcm.length)
    let diff = 0
    for (let i = 0; i < r.pcm.length; i++) diff += Math.abs(robot.pcm[i]! - r.pcm[i]!)
    expect(diff / r.pcm.length).toBeGreaterThan(300)
  })
})

describe('uploads and voice matching', () => {
  it('accepts real audio whatever its name and rejects other files by probing', async () => {
    const wav = await writeWav(path.join(tmp.dir, 'voice.wav'), pulseVoice(120, 1), 16_000)
    const mp3 = path.join(tmp.dir, 'sample.txt') // an MP3 with a misleading name
    await ffmpeg(['-i', wav, '-f', 'mp3', '-y', mp3])
    await expect(probeAudioUpload(mp3)).resolves.toMatchObject({ format: 'mp3' })
    const m4a = path.join(tmp.dir, 'sample.m4a')
    await ffmpeg(['-i', wav, '-c:a', 'aac', '-y', m4a])
    await expect(probeAudioUpload(m4a)).resolves.toMatchObject({ format: 'm4a' })
    const png = path.join(tmp.dir, 'fake.wav') // an image named .wav
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=32x32',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      '-y',
      png,
    ])
    await expect(probeAudioUpload(png)).rejects.toThrow(NOT_AUDIO_MESSAGE)
    const text = path.join(tmp.dir, 'notes.mp3')
    await writeFile(text, 'hello, this is not audio at all\n'.repeat(20))
    await expect(probeAudioUpload(text)).rejects.toThrow(NOT_AUDIO_MESSAGE)
  })

  it('moves a built-in voice toward an uploaded speaker ("voice match (offline)")', async () => {
    // The "speaker": a low male espeak voice saved as webm/opus.
    const speaker = await speech.synthesize(
      'Hey, this is my real voice, recorded on my laptop microphone for the stream.',
      'espeak:en-us',
      { pitch: -5 },
    )
    const wav = await writeWav(path.join(tmp.dir, 'speaker.wav'), speaker.pcm, speaker.sampleRate)
    const webm = path.join(tmp.dir, 'speaker.webm')
    await ffmpeg(['-i', wav, '-c:a', 'libopus', '-y', webm])
    const target = await profileVoiceSample(webm)
    const own = analyseVoice(speaker.pcm, speaker.sampleRate)
    expect(Math.abs(12 * Math.log2(target.medianF0 / own.medianF0))).toBeLessThan(1)
    const matched = await synthesizeMatched(speech, 'Thanks for the raid, everyone!', target)
    expect(matched.label).toBe('voice match (offline)')
    const got = analyseVoice(matched.pcm, matched.sampleRate).medianF0
    expect(Math.abs(12 * Math.log2(got / target.medianF0))).toBeLessThan(1.5)
  })
})
