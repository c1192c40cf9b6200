import { useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { DEFAULT_VOICE_ID, VOICE_MATCH_LABEL } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { PREVIEW_MAX_CHARS } from '@mouthpiece/contracts/voices/voices.contract'
import type { SpokenPreview, VoiceEffectName } from '@mouthpiece/contracts/voices/voices.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { influencersQuery, AvatarCanvas } from '../../avatars'
import { useStartAudio, useRender, RenderProgress, RenderPlayer, ShareActions } from '../../renders'
import { audioProcessesQuery, usePreviewVoice } from '../api'
import { PersonalVoicesCard } from '../components/personal-voices-card'
import { EmotionPicker } from '../../../components/emotion-picker'
import { Slider } from '../components/voice-controls'
import { VoiceSelect } from '../components/voice-library'

const EFFECTS: Array<{ id: VoiceEffectName; label: string; hint: string }> = [
  { id: 'none', label: 'Natural', hint: 'The voice as it is' },
  { id: 'robot', label: 'Robot voice', hint: 'Metallic, monotone' },
  {
    id: 'match',
    label: VOICE_MATCH_LABEL,
    hint: 'Moves a built-in voice toward your uploaded sample: pitch and brightness, not a clone',
  },
]

const message = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : e ? 'Something went wrong. Try again!' : undefined

/** /voice-editor: pick a voice, emotion, intensity, speed and pitch, effects; preview it lip-synced; save as audio. */
export function VoiceEditorPage() {
  const [text, setText] = useState('Welcome back, chat! Today we are trying something new.')
  const [voiceId, setVoiceId] = useState<string>(DEFAULT_VOICE_ID)
  const [emotion, setEmotion] = useState<Emotion>('Neutral')
  const [intensity, setIntensity] = useState(0.6)
  const [rate, setRate] = useState(1)
  const [pitch, setPitch] = useState(0)
  const [effect, setEffect] = useState<VoiceEffectName>('none')
  const [sample, setSample] = useState<string>()
  const [spoken, setSpoken] = useState<SpokenPreview>()
  const [renderId, setRenderId] = useState<string>()
  const [playing, setPlaying] = useState(-1)
  const audio = useRef<HTMLAudioElement>(null)
  const preview = usePreviewVoice()
  const save = useStartAudio()
  const saved = useRender(renderId).data?.render
  const samples = useQuery(audioProcessesQuery(1))
  const influencers = useQuery(influencersQuery)
  const look = influencers.data?.influencers[0]?.look
  const textId = useId()
  const voiceSelectId = useId()
  const ready = (samples.data?.list ?? []).filter((p) => p.status === 2 && p.profile)
  const settings = {
    voice_id: voiceId,
    emotion,
    intensity,
    rate,
    pitch,
    voice_effect: effect,
    sample_uuid_path: effect === 'match' ? sample : undefined,
  }

  const run = () =>
    preview.mutate(
      { text, ...settings },
      {
        onSuccess: (s) => {
          setSpoken(s)
          requestAnimationFrame(() => void audio.current?.play().catch(() => undefined))
        },
      },
    )
  const onTime = () => {
    const t = audio.current?.currentTime ?? 0
    setPlaying(spoken ? spoken.words.findIndex((w) => t >= w.start && t < w.end) : -1)
  }

  return (
    <div>
      <PageHeader
        title="Voice editor"
        description="Shape how your avatar sounds. Previews are spoken by the built-in offline voices and lip-synced live."
      />
      <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <Card>
          <div className="flex flex-col gap-5">
            <div>
              <label htmlFor={textId} className="text-sm font-medium text-[#c9cedb]">
                Line to speak
              </label>
              <textarea
                id={textId}
                rows={3}
                maxLength={PREVIEW_MAX_CHARS}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="mt-2 w-full resize-none rounded-xl border border-border bg-[#0f1218] px-3 py-2 text-text focus:border-accent focus:outline-none"
              />
              <p className="mt-1 text-right text-xs text-muted tabular-nums">
                {text.length}/{PREVIEW_MAX_CHARS}
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={voiceSelectId} className="text-sm font-medium text-[#c9cedb]">
                  Voice
                </label>
                <VoiceSelect
                  id={voiceSelectId}
                  value={voiceId}
                  onChange={(v) => setVoiceId(v || DEFAULT_VOICE_ID)}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-[#c9cedb]">Emotion</span>
                <EmotionPicker value={emotion} onChange={setEmotion} />
              </div>
              <Slider
                label="Intensity"
                value={intensity}
                min={0}
                max={1}
                step={0.05}
                onChange={setIntensity}
                format={(v) => `${Math.round(v * 100)}%`}
              />
              <Slider
                label="Speed"
                value={rate}
                min={0.5}
                max={2}
                step={0.05}
                onChange={setRate}
                format={(v) => `${v.toFixed(2)}×`}
              />
              <Slider
                label="Pitch"
                value={pitch}
                min={-12}
                max={12}
                step={1}
                onChange={setPitch}
                format={(v) => `${v > 0 ? '+' : ''}${v} semitones`}
              />
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Effect</legend>
              <div role="radiogroup" className="grid gap-2 sm:grid-cols-3">
                {EFFECTS.map((e) => (
                  <button
                    key={e.id}
                    type="button"
                    role="radio"
                    aria-checked={effect === e.id}
                    onClick={() => setEffect(e.id)}
                    className={cn(
                      'rounded-xl border p-3 text-left',
                      effect === e.id ? 'border-accent bg-accent/10' : 'border-border hover:border-[#3a4154]',
                    )}
                  >
                    <span className="block text-sm font-semibold text-text">{e.label}</span>
                    <span className="block text-xs text-muted">{e.hint}</span>
                  </button>
                ))}
              </div>
              {effect === 'match' ? (
                <div className="mt-3 rounded-xl bg-[#11141c] p-3 text-sm">
                  {ready.length ? (
                    <label className="flex flex-col gap-1.5">
                      <span className="text-[#c9cedb]">Voice sample</span>
                      <select
                        value={sample ?? ''}
                        onChange={(e) => setSample(e.target.value || undefined)}
                        className="h-10 rounded-lg border border-border bg-[#0f1218] px-3 text-text"
                      >
                        <option value="">Choose a sample…</option>
                        {ready.map((p) => (
                          <option key={p.uuid_path} value={p.uuid_path}>
                            {p.original_name} ({p.profile!.medianF0.toFixed(0)} Hz)
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <p className="text-muted">Upload a recording of the voice first.</p>
                  )}
                  <Link to="/audio-progress/upload" className="mt-2 inline-block text-accent hover:underline">
                    Upload a voice sample
                  </Link>
                </div>
              ) : null}
            </fieldset>
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={run} loading={preview.isPending} disabled={!text.trim()}>
                Preview
              </Button>
              <Button
                variant="secondary"
                loading={save.isPending}
                disabled={!text.trim()}
                onClick={() =>
                  save.mutate(
                    { signedIn: true, body: { text, ...settings, audio_format: 'mp3' } },
                    { onSuccess: (r) => setRenderId(r.render.id) },
                  )
                }
              >
                Save as MP3
              </Button>
              {message(preview.error ?? save.error) ? (
                <p role="alert" className="text-sm text-danger">
                  {message(preview.error ?? save.error)}
                </p>
              ) : null}
            </div>
          </div>
        </Card>
        <Card title="Preview">
          <div className="flex flex-col items-center gap-4">
            {look ? (
              <AvatarCanvas
                look={look}
                emotion={emotion}
                size={220}
                cues={spoken?.cues}
                wordStarts={spoken?.words.map((w) => w.start)}
                audio={audio}
                badge
              />
            ) : null}
            {spoken ? (
              <>
                <audio ref={audio} src={spoken.audio} controls onTimeUpdate={onTime} className="w-full" />
                <p className="text-center text-lg leading-relaxed">
                  {spoken.words.map((w, i) => (
                    <span
                      key={i}
                      className={cn('transition-colors', i === playing ? 'text-[#05FBCA]' : 'text-text')}
                    >
                      {w.text}{' '}
                    </span>
                  ))}
                </p>
                <p className="text-xs text-muted">
                  {spoken.voice_label} · {spoken.duration.toFixed(2)} s · {spoken.cues.length} mouth shapes ·
                  made in {spoken.server_ms} ms
                </p>
              </>
            ) : (
              <p className="text-sm text-muted">Press Preview to hear it.</p>
            )}
            {saved ? (
              saved.status === 3 ? (
                <div className="flex w-full flex-col gap-3">
                  <RenderPlayer files={saved.files} title={saved.title} />
                  <ShareActions
                    id={saved.id}
                    downloadPath={saved.files.audio_url}
                    downloadLabel="Download MP3"
                  />
                </div>
              ) : saved.status === 4 ? (
                <p role="alert" className="text-sm text-danger">
                  {saved.error?.split('#')[0]}
                </p>
              ) : (
                <RenderProgress render={saved} />
              )
            ) : null}
          </div>
        </Card>
      </div>
      <PersonalVoicesCard
        onUse={(id) => {
          setVoiceId(id)
          setEffect('none')
        }}
      />
    </div>
  )
}
