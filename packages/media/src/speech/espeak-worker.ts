/** Worker thread that owns libespeak-ng; the main thread talks to it through espeak-engine.ts. */
import { parentPort } from 'node:worker_threads'
import { openEspeak } from './espeak-ffi'
import type { EspeakLib } from './espeak-ffi'
import type { EspeakRequest, EspeakResponse } from './espeak-protocol'

let lib: EspeakLib | null = null
const port = parentPort
if (!port) throw new Error('espeak-worker must run in a worker thread')

port.on('message', (request: EspeakRequest) => {
  let response: EspeakResponse
  try {
    lib ??= openEspeak()
    if (request.type === 'voices') {
      response = {
        id: request.id,
        ok: true,
        type: 'voices',
        languages: lib.listVoices(),
        variants: lib.listVariants(),
      }
    } else {
      const result = lib.synth(request.text, request.voiceName, request.params)
      response = {
        id: request.id,
        ok: true,
        type: 'synth',
        samples: result.samples,
        sampleRate: result.sampleRate,
        events: result.events,
      }
      port.postMessage(response, [result.samples.buffer as ArrayBuffer])
      return
    }
  } catch (error) {
    response = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(response)
})
