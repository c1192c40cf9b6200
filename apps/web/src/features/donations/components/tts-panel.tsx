import { useState } from 'react'
import type { DonationSettings, TtsSettings } from '@mouthpiece/contracts/donations/donations.schemas'
import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, FormError } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { useUpdateSettings } from '../api'
import { messageOf } from './panel-state'
import { VoiceSelect } from '../../voices'

const selectClass =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none'

/** The voice alerts speak with (unless a setup picks its own), its emotion and its volume on the overlay. */
export function TtsPanel({ settings }: { settings: DonationSettings }) {
  const toast = useToast()
  const save = useUpdateSettings()
  const [tts, setTts] = useState<TtsSettings>(settings.tts)
  const changed = JSON.stringify(tts) !== JSON.stringify(settings.tts)
  return (
    <Card id="tts" title="Voice" description="How alerts sound on stream.">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate({ tts }, { onSuccess: () => toast.success('Voice settings saved') })
        }}
      >
        <Field label="Voice">
          <VoiceSelect value={tts.voice} emptyLabel={null} onChange={(voice) => setTts({ ...tts, voice })} />
        </Field>
        <Field label="Emotion">
          <select
            className={selectClass}
            value={tts.emotion}
            onChange={(e) => setTts({ ...tts, emotion: e.target.value as Emotion })}
          >
            {EMOTIONS.map((em) => (
              <option key={em} value={em}>
                {em}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="tts-volume" className="flex justify-between text-sm font-medium text-[#c9cedb]">
            Volume <span className="text-muted">{Math.round(tts.volume * 100)}%</span>
          </label>
          <input
            id="tts-volume"
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(tts.volume * 100)}
            onChange={(e) => setTts({ ...tts, volume: Number(e.target.value) / 100 })}
            className="w-full accent-[#FF6A59]"
          />
        </div>
        <FormError message={messageOf(save.error)} />
        <div className="flex gap-2">
          <Button type="submit" disabled={!changed} loading={save.isPending}>
            Save voice
          </Button>
          {changed ? (
            <Button variant="quaternary" onClick={() => setTts(settings.tts)}>
              Reset
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  )
}
