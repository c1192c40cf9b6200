/**
 * libespeak-ng bound in-process with koffi. Only the worker thread (espeak-worker.ts) loads this:
 * espeak-ng keeps global state and its synchronous synthesis blocks the calling thread.
 */
import koffi from 'koffi'

const LIB_CANDIDATES = ['libespeak-ng.so.1', 'libespeak-ng.so', '/usr/lib/x86_64-linux-gnu/libespeak-ng.so.1']

// espeak_AUDIO_OUTPUT, espeakINITIALIZE_*, espeak_EVENT_TYPE, espeak_PARAMETER, synth flags (speak_lib.h)
const AUDIO_OUTPUT_SYNCHRONOUS = 2
const INITIALIZE_PHONEME_EVENTS = 0x0001
const INITIALIZE_PHONEME_IPA = 0x0002
const INITIALIZE_DONT_EXIT = 0x8000
const EVENT_LIST_TERMINATED = 0
const EVENT_WORD = 1
const EVENT_SENTENCE = 2
const EVENT_END = 5
const EVENT_MSG_TERMINATED = 6
const EVENT_PHONEME = 7
const POS_CHARACTER = 1
const CHARS_UTF8 = 1
const ENDPAUSE = 0x1000
export const EspeakParam = { rate: 1, volume: 2, pitch: 3, range: 4, wordgap: 7 } as const

export interface EspeakRawVoice {
  name: string
  identifier: string
  languages: string[]
  gender: number
  age: number
}

export interface EspeakRawEvent {
  type: 'word' | 'sentence' | 'phoneme' | 'end'
  /** ms from the start of the utterance */
  audioMs: number
  /** 1-based character position in the text (word/sentence events) */
  textPosition: number
  length: number
  /** phoneme symbol (IPA) for phoneme events */
  symbol: string
}

export interface EspeakRawResult {
  samples: Int16Array
  sampleRate: number
  events: EspeakRawEvent[]
}

type Fn = (...args: unknown[]) => unknown

export interface EspeakLib {
  sampleRate: number
  listVoices(): EspeakRawVoice[]
  listVariants(): EspeakRawVoice[]
  synth(
    text: string,
    voiceName: string,
    params: Partial<Record<keyof typeof EspeakParam, number>>,
  ): EspeakRawResult
}

function loadLibrary(): ReturnType<typeof koffi.load> {
  let lastError: unknown
  for (const candidate of LIB_CANDIDATES) {
    try {
      return koffi.load(candidate)
    } catch (error) {
      lastError = error
    }
  }
  throw new Error(`libespeak-ng is not installed (Debian package libespeak-ng1): ${String(lastError)}`)
}

/** Loads libespeak-ng once; call only from a dedicated thread. */
export function openEspeak(dataPath?: string): EspeakLib {
  const lib = loadLibrary()
  const EspeakEvent = koffi.struct('espeak_EVENT', {
    type: 'int',
    unique_identifier: 'uint',
    text_position: 'int',
    length: 'int',
    audio_position: 'int',
    sample: 'int',
    user_data: 'void *',
    id: koffi.union({ number: 'int', name: 'const char *', string: koffi.array('char', 8, 'Array') }),
  })
  const EspeakVoice = koffi.struct('espeak_VOICE', {
    name: 'const char *',
    languages: 'void *',
    identifier: 'const char *',
    gender: 'uchar',
    age: 'uchar',
    variant: 'uchar',
    xx1: 'uchar',
    score: 'int',
    spare: 'void *',
  })
  const SynthCallback = koffi.proto('int espeak_synth_cb(void *wav, int numsamples, void *events)')
  const initialize = lib.func(
    'int espeak_Initialize(int output, int buflength, const char *path, int options)',
  ) as Fn
  const setSynthCallback = lib.func('void espeak_SetSynthCallback(espeak_synth_cb *cb)') as Fn
  const setParameter = lib.func('int espeak_SetParameter(int parameter, int value, int relative)') as Fn
  const setVoiceByName = lib.func('int espeak_SetVoiceByName(const char *name)') as Fn
  const listVoicesFn = lib.func('void *espeak_ListVoices(espeak_VOICE *spec)') as Fn
  const synthFn = lib.func(
    'int espeak_Synth(const char *text, size_t size, uint position, int position_type, uint end_position, uint flags, void *uid, void *user_data)',
  ) as Fn
  const synchronize = lib.func('int espeak_Synchronize()') as Fn

  const sampleRate = initialize(
    AUDIO_OUTPUT_SYNCHRONOUS,
    200,
    dataPath ?? null,
    INITIALIZE_PHONEME_EVENTS | INITIALIZE_PHONEME_IPA | INITIALIZE_DONT_EXIT,
  ) as number
  if (sampleRate <= 0) throw new Error('espeak-ng failed to initialise (is espeak-ng-data installed?)')

  // One registered callback for the library's lifetime; each synth() points `sink` at its buffers.
  let sink: { chunks: Int16Array[]; events: EspeakRawEvent[] } | null = null
  const eventSize = koffi.sizeof(EspeakEvent)
  const decoder = new TextDecoder()
  const callback = koffi.register((wav: unknown, numsamples: number, events: unknown): number => {
    if (!sink) return 0
    if (wav && numsamples > 0) {
      const view = new Int16Array(koffi.view(wav, numsamples * 2))
      sink.chunks.push(view.slice())
    }
    for (let i = 0; events; i++) {
      const ev = koffi.decode(events, i * eventSize, EspeakEvent) as {
        type: number
        text_position: number
        length: number
        audio_position: number
        id: { string: number[] }
      }
      if (ev.type === EVENT_LIST_TERMINATED) break
      if (ev.type === EVENT_WORD)
        sink.events.push({
          type: 'word',
          audioMs: ev.audio_position,
          textPosition: ev.text_position,
          length: ev.length,
          symbol: '',
        })
      else if (ev.type === EVENT_SENTENCE)
        sink.events.push({
          type: 'sentence',
          audioMs: ev.audio_position,
          textPosition: ev.text_position,
          length: ev.length,
          symbol: '',
        })
      else if (ev.type === EVENT_PHONEME) {
        const bytes = Uint8Array.from(ev.id.string.map((b) => b & 0xff))
        const end = bytes.indexOf(0)
        const symbol = decoder.decode(end >= 0 ? bytes.subarray(0, end) : bytes)
        sink.events.push({
          type: 'phoneme',
          audioMs: ev.audio_position,
          textPosition: ev.text_position,
          length: 0,
          symbol,
        })
      } else if (ev.type === EVENT_END || ev.type === EVENT_MSG_TERMINATED) {
        sink.events.push({ type: 'end', audioMs: ev.audio_position, textPosition: 0, length: 0, symbol: '' })
      }
    }
    return 0
  }, koffi.pointer(SynthCallback))
  setSynthCallback(callback)

  const readLanguages = (ptr: unknown): string[] => {
    // A list of (priority byte, NUL-terminated name) pairs ending with a zero priority byte.
    const out: string[] = []
    const bytes = new Uint8Array(koffi.view(ptr, 256))
    let i = 0
    while (i < bytes.length && bytes[i] !== 0) {
      i++ // priority
      const start = i
      while (i < bytes.length && bytes[i] !== 0) i++
      out.push(decoder.decode(bytes.subarray(start, i)))
      i++
    }
    return out
  }
  const readVoiceList = (spec: Record<string, unknown> | null): EspeakRawVoice[] => {
    const list = listVoicesFn(spec)
    const voices: EspeakRawVoice[] = []
    for (let i = 0; list; i++) {
      const ptr = koffi.decode(list, i * 8, 'void *') as unknown
      if (!ptr) break
      const v = koffi.decode(ptr, EspeakVoice) as {
        name: string
        identifier: string
        languages: unknown
        gender: number
        age: number
      }
      voices.push({
        name: v.name,
        identifier: v.identifier,
        languages: readLanguages(v.languages),
        gender: v.gender,
        age: v.age,
      })
    }
    return voices
  }

  const encoder = new TextEncoder()
  return {
    sampleRate,
    listVoices: () => readVoiceList(null),
    listVariants: () =>
      readVoiceList({
        name: null,
        languages: koffi.as(encoder.encode('variant\0'), 'void *'),
        identifier: null,
        gender: 0,
        age: 0,
        variant: 0,
        xx1: 0,
        score: 0,
        spare: null,
      }),
    synth(text, voiceName, params) {
      if (setVoiceByName(voiceName) !== 0) throw new Error(`Unknown voice ${voiceName}`)
      for (const [key, value] of Object.entries(params)) {
        if (value !== undefined)
          setParameter(EspeakParam[key as keyof typeof EspeakParam], Math.round(value), 0)
      }
      sink = { chunks: [], events: [] }
      try {
        const bytes = encoder.encode(text)
        const rc = synthFn(
          text,
          bytes.length + 1,
          0,
          POS_CHARACTER,
          0,
          CHARS_UTF8 | ENDPAUSE,
          null,
          null,
        ) as number
        synchronize()
        if (rc !== 0) throw new Error(`espeak-ng synthesis failed (code ${rc})`)
        const total = sink.chunks.reduce((n, c) => n + c.length, 0)
        const samples = new Int16Array(total)
        let offset = 0
        for (const chunk of sink.chunks) {
          samples.set(chunk, offset)
          offset += chunk.length
        }
        return { samples, sampleRate, events: sink.events }
      } finally {
        sink = null
      }
    },
  }
}
