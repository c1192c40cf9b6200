import { useEffect, useMemo, useRef, useState } from 'react'
import { AUDIO_LEVEL } from '@mouthpiece/contracts/constants'
import { Card, PageHeader } from '../../components/ui/card'
import { Field, FormError } from '../../components/ui/field'
import { BANDS, BAND_COLORS, BAND_LABELS, FLOOR_DB, mono, slices, summarise } from './waveform'
import { TestPagesNav } from './test-pages-nav'

const MAX_AUDIO_BYTES = 50 * 1024 * 1024
const WIDTH = 960
const HEIGHT = 220
const THRESHOLDS = [AUDIO_LEVEL.max, AUDIO_LEVEL.red, AUDIO_LEVEL.yellow, AUDIO_LEVEL.speech]

/**
 * Distance from the centre line of a level on the dB scale (0 dB at the edges, the floor at the
 * centre): the wave and the threshold lines share it, so a column crossing a line is in that band.
 */
const reachOfDb = (db: number) => ((db - FLOOR_DB) / (AUDIO_LEVEL.max - FLOOR_DB)) * (HEIGHT / 2)

/** page-for-test/wave-form: the waveform of an uploaded audio file, coloured by the spec's level thresholds. */
export function WaveFormPage() {
  const [audio, setAudio] = useState<{
    name: string
    samples: Float32Array
    duration: number
    sampleRate: number
  } | null>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const canvas = useRef<HTMLCanvasElement>(null)
  const cut = useMemo(() => (audio ? slices(audio.samples, WIDTH) : []), [audio])
  const stats = useMemo(() => summarise(cut), [cut])

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx || !cut.length) return
    ctx.clearRect(0, 0, WIDTH, HEIGHT)
    const mid = HEIGHT / 2
    // The wave's peak level per column, mirrored about the centre, in its band's colour.
    cut.forEach((s, x) => {
      const reach = reachOfDb(s.peakDb)
      ctx.fillStyle = BAND_COLORS[s.band]
      ctx.fillRect(x, mid - reach, 1, Math.max(1, reach * 2))
    })
    // The thresholds as dB lines above and below the centre, labelled on the left.
    ctx.font = '11px Roboto, sans-serif'
    for (const db of THRESHOLDS) {
      const off = reachOfDb(db)
      ctx.strokeStyle =
        db === AUDIO_LEVEL.max
          ? '#8b93a7'
          : `${BAND_COLORS[db === AUDIO_LEVEL.red ? 'red' : db === AUDIO_LEVEL.yellow ? 'yellow' : 'speech']}aa`
      ctx.setLineDash([4, 4])
      for (const y of [mid - off, mid + off]) {
        ctx.beginPath()
        ctx.moveTo(0, y)
        ctx.lineTo(WIDTH, y)
        ctx.stroke()
      }
      ctx.fillStyle = '#c9cedb'
      ctx.fillText(`${db} dB`, 4, Math.max(11, mid - off + 12))
    }
    ctx.setLineDash([])
  }, [cut])

  const open = async (file: File | undefined) => {
    setError(undefined)
    if (!file) return
    if (file.size > MAX_AUDIO_BYTES) return setError('The audio file must be at most 50 MB.')
    setBusy(true)
    try {
      // An offline context decodes without playing anything, so no click is needed first.
      const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(await file.arrayBuffer())
      const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i))
      setAudio({
        name: file.name,
        samples: mono(channels),
        duration: decoded.duration,
        sampleRate: decoded.sampleRate,
      })
    } catch {
      setAudio(null)
      setError('This file could not be read as audio. Try a WAV, MP3, OGG or M4A file.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <TestPagesNav />
      <PageHeader
        title="Wave form"
        description="See the waveform of a recording and how loud it gets: speech should sit in green, short peaks in yellow, and nothing in red."
      />
      <Card title="Audio">
        <Field label="Audio file">
          <input
            aria-label="Audio file"
            type="file"
            accept="audio/*"
            onChange={(e) => void open(e.target.files?.[0])}
            className="text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-accent file:px-3 file:py-2 file:text-sm file:font-medium file:text-on-accent"
          />
        </Field>
        <FormError message={error} />
        {audio ? (
          <div className="mt-5 flex flex-col gap-4">
            <p className="text-sm text-muted" data-testid="wave-summary">
              {audio.name} · {audio.duration.toFixed(2)} s · {audio.sampleRate} Hz · peak{' '}
              {stats.peakDb.toFixed(1)} dB
            </p>
            <div className="overflow-x-auto rounded-xl border border-border bg-[#0d0f15]">
              <canvas
                ref={canvas}
                width={WIDTH}
                height={HEIGHT}
                aria-label="Waveform"
                data-testid="waveform"
                className="block h-auto w-full min-w-[480px]"
              />
            </div>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Levels">
              {BANDS.map((b) => (
                <li
                  key={b}
                  className="flex items-center gap-2 rounded-lg border border-border bg-[#141720] px-3 py-2 text-sm"
                >
                  <span className="size-3 shrink-0 rounded-sm" style={{ background: BAND_COLORS[b] }} />
                  <span className="text-[#c9cedb]">{BAND_LABELS[b]}</span>
                  <span className="ml-auto font-medium text-text" data-testid={`share-${b}`}>
                    {Math.round(stats.shares[b] * 100)}%
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="py-12 text-center text-sm text-muted">
            {busy ? 'Reading the audio…' : 'Choose an audio file to see its waveform.'}
          </p>
        )}
      </Card>
    </div>
  )
}
