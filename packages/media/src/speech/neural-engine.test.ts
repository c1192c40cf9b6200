import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SynthesisOptions } from '@mouthpiece/contracts/media/voices.schemas'
import type { SynthesisOptionsInput, Voice } from '@mouthpiece/contracts/media/voices.schemas'
import { visemeCues } from '../lipsync/phoneme-visemes'
import { createNeuralEngine, NEURAL_MESSAGES, neuralEngineFromEnv } from './neural-engine'
import type { NeuralEngine } from './neural-engine'
import { createSpeechService } from './speech.service'

const KEY = 'test-key-123'
const RATE = 22_050

interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A stand-in for the provider at its wire boundary, speaking its documented request/response shapes. */
class FakeProvider {
  seen: Seen[] = []
  /** Forces the next answers' status (401, 429, 500). */
  status = 200
  /** Delays synthesis answers (for abort / timeout). */
  delayMs = 0
  private server = http.createServer((req, res) => void this.handle(req, res))
  baseUrl = ''

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }
  stop() {
    this.server.closeAllConnections()
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks)
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
    const send = (status: number, json: unknown) => {
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    }
    if (req.headers['xi-api-key'] !== KEY) return send(401, { detail: { status: 'invalid_api_key' } })
    if (this.status !== 200) return send(this.status, { detail: { status: 'error' } })
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'GET' && url.pathname === '/v1/voices') {
      return send(200, {
        voices: [
          {
            voice_id: 'abc123',
            name: 'Rachel',
            category: 'premade',
            labels: { accent: 'american', gender: 'female', age: 'young' },
          },
          { voice_id: 'def456', name: 'My Clone', category: 'cloned', labels: {} },
        ],
      })
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(url.pathname)
    if (req.method === 'POST' && tts) {
      if (url.searchParams.get('output_format') !== 'pcm_22050') return send(400, { detail: 'bad format' })
      const { text } = JSON.parse(body.toString('utf8')) as { text: string }
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs))
      return send(200, speak(text))
    }
    if (req.method === 'POST' && url.pathname === '/v1/voices/add')
      return send(200, { voice_id: 'cloned789' })
    return send(404, { detail: 'not found' })
  }
}

/** 80 ms per character of a 220 Hz tone (silence for spaces), with the matching character alignment. */
function speak(text: string) {
  const chars = Array.from(text)
  const per = 0.08
  const pcm = Buffer.alloc(Math.round(chars.length * per * RATE) * 2)
  chars.forEach((c, i) => {
    if (c === ' ') return
    const from = Math.round(i * per * RATE)
    const to = Math.round((i + 1) * per * RATE)
    for (let n = from; n < to; n++)
      pcm.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * 220 * n) / RATE)), n * 2)
  })
  return {
    audio_base64: pcm.toString('base64'),
    alignment: {
      characters: chars,
      character_start_times_seconds: chars.map((_, i) => i * per),
      character_end_times_seconds: chars.map((_, i) => (i + 1) * per),
    },
  }
}

const provider = new FakeProvider()
let engine: NeuralEngine
const opts = (o: SynthesisOptionsInput = {}) => SynthesisOptions.parse(o)
const voice = async (): Promise<Voice> => (await engine.listVoices())[0]!

beforeAll(() => provider.start())
afterAll(() => provider.stop())
beforeEach(() => {
  provider.seen = []
  provider.status = 200
  provider.delayMs = 0
  engine = createNeuralEngine({ apiKey: KEY, baseUrl: provider.baseUrl, timeoutMs: 5000 })
})

describe('neural voice provider', () => {
  it('lists the provider voices as neural:<voice_id>, sending the API key', async () => {
    const voices = await engine.listVoices()
    expect(voices.map((v) => v.id)).toEqual(['neural:abc123', 'neural:def456'])
    expect(voices[0]).toMatchObject({ name: 'Rachel', gender: 'female', engine: 'neural' })
    expect(voices[0]!.label).toContain('american')
    expect(voices[1]!.label).toContain('cloned')
    expect(provider.seen[0]!.headers['xi-api-key']).toBe(KEY)
  })

  it('synthesizes PCM of the right length with word times from the character alignment', async () => {
    const r = await engine.synthesize('Hello chat friends', await voice(), opts())
    const sent = provider.seen.at(-1)!
    expect(sent.url).toBe('/v1/text-to-speech/abc123/with-timestamps?output_format=pcm_22050')
    expect(JSON.parse(sent.body.toString('utf8'))).toMatchObject({
      text: 'Hello chat friends',
      model_id: 'eleven_multilingual_v2',
    })
    expect(r.sampleRate).toBe(RATE)
    expect(r.duration).toBeCloseTo(18 * 0.08, 3)
    expect(r.pcm.length).toBe(Math.round(18 * 0.08 * RATE))
    expect(r.words).toEqual([
      { text: 'Hello', start: 0, end: expect.closeTo(0.4, 6) },
      { text: 'chat', start: expect.closeTo(0.48, 6), end: expect.closeTo(0.8, 6) },
      { text: 'friends', start: expect.closeTo(0.88, 6), end: expect.closeTo(1.44, 6) },
    ])
    // No phonemes from the provider: the mouth follows the audio, open while the tone sounds.
    const cues = visemeCues(r.phonemes, r.duration)
    const at = (t: number) => cues.find((c) => c.start <= t && t < c.end)?.viseme
    expect(at(0.2)).not.toBe('sil')
    expect(at(0.44)).toBe('sil')
  })

  it('sends less stable, more stylised voice settings for stronger emotion', async () => {
    const v = await voice()
    const settings = async (o: SynthesisOptionsInput) => {
      await engine.synthesize('Hi there', v, opts(o))
      return (
        JSON.parse(provider.seen.at(-1)!.body.toString('utf8')) as {
          voice_settings: Record<string, number | boolean>
        }
      ).voice_settings
    }
    const calm = await settings({ emotion: 'Neutral' })
    const angry = await settings({ emotion: 'Angry', intensity: 1 })
    const mild = await settings({ emotion: 'Angry', intensity: 0.2 })
    expect(calm).toMatchObject({ similarity_boost: expect.any(Number), use_speaker_boost: true })
    expect(angry.stability).toBeLessThan(mild.stability as number)
    expect(mild.stability).toBeLessThan(calm.stability as number)
    expect(angry.style).toBeGreaterThan(mild.style as number)
    expect(mild.style).toBeGreaterThan(calm.style as number)
  })

  it('explains a rejected key and rate limiting', async () => {
    const bad = createNeuralEngine({ apiKey: 'wrong', baseUrl: provider.baseUrl })
    await expect(bad.listVoices()).rejects.toMatchObject({
      name: 'MediaInputError',
      message: NEURAL_MESSAGES.unauthorized,
    })
    const v = await voice()
    provider.status = 429
    await expect(engine.synthesize('Hi', v, opts())).rejects.toThrow(NEURAL_MESSAGES.rateLimited)
    provider.status = 500
    await expect(engine.synthesize('Hi', v, opts())).rejects.toThrow(NEURAL_MESSAGES.unavailable)
  })

  it('reports an unreachable provider and a slow one clearly', async () => {
    const down = createNeuralEngine({ apiKey: KEY, baseUrl: 'http://127.0.0.1:1' })
    await expect(down.listVoices()).rejects.toThrow(NEURAL_MESSAGES.unavailable)
    const v = await voice()
    provider.delayMs = 1000
    const slow = createNeuralEngine({ apiKey: KEY, baseUrl: provider.baseUrl, timeoutMs: 100 })
    await expect(slow.synthesize('Hi', v, opts())).rejects.toThrow(NEURAL_MESSAGES.timeout)
  })

  it('stops when the caller aborts', async () => {
    const v = await voice()
    provider.delayMs = 2000
    const controller = new AbortController()
    const started = Date.now()
    setTimeout(() => controller.abort(), 50)
    await expect(engine.synthesize('Hi', v, opts(), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('clones a voice from uploaded recordings (multipart name + files)', async () => {
    const sample = Buffer.from('RIFF....WAVEfake-audio-bytes')
    const r = await engine.cloneVoice('Stream Voice', [
      { name: 'sample.wav', data: sample, type: 'audio/wav' },
    ])
    expect(r).toEqual({ voiceId: 'neural:cloned789', providerVoiceId: 'cloned789' })
    const sent = provider.seen.at(-1)!
    expect(sent.url).toBe('/v1/voices/add')
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const body = sent.body.toString('latin1')
    expect(body).toMatch(/name="name"\r\n\r\nStream Voice\r\n/)
    expect(body).toMatch(/name="files"; filename="sample.wav"\r\nContent-Type: audio\/wav/)
    expect(body).toContain('RIFF....WAVEfake-audio-bytes')
  })

  it('plugs into the speech service: neural voices are listed and synthesized by id', async () => {
    const fromEnv = neuralEngineFromEnv({ NEURAL_TTS_API_KEY: KEY, NEURAL_TTS_BASE_URL: provider.baseUrl })
    expect(neuralEngineFromEnv({})).toBeNull()
    const speech = createSpeechService([fromEnv!])
    try {
      expect((await speech.findVoice('neural:abc123'))?.name).toBe('Rachel')
      const r = await speech.synthesize('Hello chat', 'neural:abc123', { emotion: 'Happy' })
      expect(r.engine).toBe('neural')
      expect(r.words.map((w) => w.text)).toEqual(['Hello', 'chat'])
    } finally {
      await speech.close()
    }
  })

  it('keeps the offline voices listed when the configured provider rejects the key', async () => {
    const rejected = neuralEngineFromEnv({
      NEURAL_TTS_API_KEY: 'wrong',
      NEURAL_TTS_BASE_URL: provider.baseUrl,
    })!
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const speech = createSpeechService([rejected])
    try {
      const voices = await speech.listVoices()
      expect(voices.map((v) => v.id)).toContain('festival:cmu_us_slt_arctic_hts')
      expect(voices.some((v) => v.id.startsWith('neural:'))).toBe(false)
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(NEURAL_MESSAGES.unauthorized))
    } finally {
      warn.mockRestore()
      await speech.close()
    }
  })
})
