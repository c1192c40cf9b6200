import type { EspeakParam, EspeakRawEvent, EspeakRawVoice } from './espeak-ffi'

export type EspeakParams = Partial<Record<keyof typeof EspeakParam, number>>

export type EspeakRequest =
  | { id: number; type: 'voices' }
  | { id: number; type: 'synth'; text: string; voiceName: string; params: EspeakParams }

export type EspeakResponse =
  | { id: number; ok: true; type: 'voices'; languages: EspeakRawVoice[]; variants: EspeakRawVoice[] }
  | { id: number; ok: true; type: 'synth'; samples: Int16Array; sampleRate: number; events: EspeakRawEvent[] }
  | { id: number; ok: false; error: string }

/** A request before the thread numbers it (Omit that keeps the union's variants apart). */
export type EspeakRequestBody = EspeakRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never
