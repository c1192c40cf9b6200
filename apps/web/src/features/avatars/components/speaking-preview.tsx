import { useRef, useState } from 'react'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { SpokenPreview } from '@mouthpiece/contracts/voices/voices.contract'
import { Button } from '../../../components/ui/button'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { EmotionPicker } from '../../../components/emotion-picker'
import { useSpeakLine } from '../api'
import { AvatarCanvas } from './avatar-canvas'

export const errorMessage = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

/** The avatar drawn live, an emotion to try and a line it speaks with lip sync. */
export function SpeakingPreview({ look, name, label }: { look: AvatarLook; name: string; label: string }) {
  const toast = useToast()
  const speak = useSpeakLine()
  const [emotion, setEmotion] = useState<Emotion>('Happy')
  const [spoken, setSpoken] = useState<SpokenPreview>()
  const audio = useRef<HTMLAudioElement>(null)
  const sayHello = () =>
    speak.mutate(
      { text: `Hi! I'm ${name || 'your new avatar'}. Nice to meet you!`, emotion, intensity: 0.8 },
      {
        onSuccess: (s) => {
          setSpoken(s)
          requestAnimationFrame(() => void audio.current?.play().catch(() => undefined))
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    )
  return (
    <div className="flex flex-col items-center gap-4">
      <div className="rounded-2xl bg-gradient-to-br from-[#232838] to-[#141720] p-4">
        <AvatarCanvas
          look={look}
          emotion={emotion}
          size={260}
          cues={spoken?.cues}
          wordStarts={spoken?.words.map((w) => w.start)}
          audio={audio}
          label={label}
        />
      </div>
      <EmotionPicker value={emotion} onChange={setEmotion} />
      <Button variant="tertiary" onClick={sayHello} loading={speak.isPending}>
        Say hello
      </Button>
      {spoken ? (
        <audio ref={audio} src={spoken.audio} className="sr-only" data-testid="preview-audio" />
      ) : null}
    </div>
  )
}
