import { useCallback, useEffect, useRef, useState } from 'react'
import type { LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import { api, isSuccess } from '../../../lib/api'
import { previewVoice } from '@mouthpiece/contracts/voices/voices.contract'

/** What a voice says when a picker plays it (no stored sample). */
export const PREVIEW_LINE = 'Hi, this is how I sound in your videos and alerts.'

/**
 * Plays one voice at a time: its stored sample, or a line spoken with it. Leaving the page stops
 * the sound and drops the answer of a preview still on its way (not an error).
 */
export function useVoicePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null)
  const pending = useRef<AbortController | null>(null)
  const [playing, setPlaying] = useState<string | null>(null)
  const [loading, setLoading] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const stop = useCallback(() => {
    pending.current?.abort()
    pending.current = null
    audio.current?.pause()
    audio.current = null
    setPlaying(null)
    setLoading(null)
  }, [])
  useEffect(() => stop, [stop])

  const play = useCallback(
    async (voice: Pick<LibraryVoice, 'id' | 'sample_url'>) => {
      const again = playing === voice.id
      stop()
      if (again) return
      setError(null)
      let src = voice.sample_url
      if (!src) {
        const abort = new AbortController()
        pending.current = abort
        setLoading(voice.id)
        const answer = await api(previewVoice, {
          body: { text: PREVIEW_LINE, voice_id: voice.id },
          signal: abort.signal,
        }).catch(() => null)
        if (abort.signal.aborted) return
        pending.current = null
        setLoading(null)
        if (!answer || !isSuccess(answer)) {
          setError(answer?.message ?? 'The preview could not be made')
          return
        }
        src = answer.audio
      }
      const el = new Audio(src)
      audio.current = el
      el.onended = () => setPlaying((id) => (id === voice.id ? null : id))
      setPlaying(voice.id)
      await el.play().catch(() => setPlaying(null))
    },
    [playing, stop],
  )
  return { play, stop, playing, loading, error }
}
