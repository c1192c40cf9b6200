import { useEffect, useRef } from 'react'
import { bucketLevels, LEVEL_COLOR, levelOf } from '@mouthpiece/editor/waveform'
import { AUDIO_LEVEL } from '@mouthpiece/contracts/constants'

const decoded = new Map<string, Promise<Float32Array>>()

/** Decodes a take once per page (an offline context needs no user gesture). */
function samplesOf(url: string): Promise<Float32Array> {
  let p = decoded.get(url)
  if (!p) {
    p = fetch(url, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(String(r.status)))))
      .then((bytes) => new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes))
      .then((audio) => audio.getChannelData(0))
    p.catch(() => decoded.delete(url))
    decoded.set(url, p)
  }
  return p
}

/** A take's waveform, each bar coloured by the spec's level thresholds (speech, yellow, red). */
export function Waveform({
  url,
  width,
  height,
  seconds,
}: {
  url: string
  width: number
  height: number
  seconds: number
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let live = true
    void samplesOf(url)
      .then((samples) => {
        const ctx = canvas.current?.getContext('2d')
        if (!live || !ctx) return
        // The take may be shorter than the clip (the held tail): bars cover the audio only.
        const audioWidth = Math.min(
          width,
          Math.round((samples.length / 44_100 / Math.max(0.001, seconds)) * width),
        )
        const bars = Math.max(1, Math.floor(audioWidth / 3))
        const levels = bucketLevels(samples, bars)
        ctx.clearRect(0, 0, width, height)
        levels.forEach((db, i) => {
          const k = Math.max(0, (db - AUDIO_LEVEL.speech) / (AUDIO_LEVEL.max - AUDIO_LEVEL.speech))
          const h = Math.max(1, k * height)
          ctx.fillStyle = LEVEL_COLOR[levelOf(db)]
          ctx.fillRect(i * 3, (height - h) / 2, 2, h)
        })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [url, width, height, seconds])
  return <canvas ref={canvas} width={width} height={height} className="block" aria-hidden />
}
