import { useCallback, useEffect, useRef, useState } from 'react'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { currentTake, projectDuration, sceneAt } from '@mouthpiece/editor/timeline'
import { API_BASE_URL } from '../../../lib/api'

/**
 * The preview clock. While playing, the scene's audio take is the clock (so mouth and captions
 * follow what is heard); scenes without audio yet run on the wall clock. The time lives in a ref
 * and is pushed to subscribers every animation frame, so a playing preview re-renders no React.
 */
export function usePlayback(doc: ProjectDocument) {
  const timeRef = useRef(0)
  const [playing, setPlaying] = useState(false)
  const [time, setTimeState] = useState(0)
  const docRef = useRef(doc)
  docRef.current = doc
  const audio = useRef<{ el: HTMLAudioElement; url: string } | null>(null)
  const frameListeners = useRef(new Set<(t: number) => void>())
  const clock = useRef({ wallStart: 0, tStart: 0 })

  const emit = useCallback((t: number) => {
    timeRef.current = t
    for (const l of frameListeners.current) l(t)
  }, [])

  const stopAudio = () => {
    audio.current?.el.pause()
  }

  const seek = useCallback(
    (t: number) => {
      const clamped = Math.max(0, Math.min(projectDuration(docRef.current), t))
      clock.current = { wallStart: performance.now(), tStart: clamped }
      if (audio.current) audio.current.el.pause()
      audio.current = null
      emit(clamped)
      setTimeState(clamped)
    },
    [emit],
  )

  useEffect(() => {
    if (!playing) {
      stopAudio()
      return
    }
    let raf = 0
    clock.current = {
      wallStart: performance.now(),
      tStart: timeRef.current >= projectDuration(docRef.current) - 0.01 ? 0 : timeRef.current,
    }
    const step = () => {
      const d = docRef.current
      const total = projectDuration(d)
      let t = clock.current.tStart + (performance.now() - clock.current.wallStart) / 1000
      const at = sceneAt(d, t)
      const take = at ? currentTake(at.span.scene) : null
      const url = take ? API_BASE_URL + take.url : null
      if (at && take && url) {
        const a = audio.current
        if (!a || a.url !== url) {
          a?.el.pause()
          const el = new Audio(url)
          el.currentTime = at.local
          void el.play().catch(() => undefined)
          audio.current = { el, url }
        } else if (!a.el.paused && a.el.currentTime > 0 && at.local < take.duration) {
          // Follow the audio: re-anchor the clock on what is actually playing.
          t = at.span.start + a.el.currentTime
          clock.current = { wallStart: performance.now(), tStart: t }
        }
      } else if (audio.current) {
        audio.current.el.pause()
        audio.current = null
      }
      if (t >= total) {
        emit(total)
        setTimeState(total)
        setPlaying(false)
        return
      }
      emit(t)
      raf = requestAnimationFrame(step)
    }
    raf = requestAnimationFrame(step)
    return () => {
      cancelAnimationFrame(raf)
      setTimeState(timeRef.current)
      stopAudio()
      audio.current = null
    }
  }, [playing, emit])

  const onFrame = useCallback((l: (t: number) => void) => {
    frameListeners.current.add(l)
    return () => {
      frameListeners.current.delete(l)
    }
  }, [])

  return { playing, setPlaying, toggle: () => setPlaying((p) => !p), time, timeRef, seek, onFrame }
}

export type Playback = ReturnType<typeof usePlayback>
