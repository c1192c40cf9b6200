import { useEffect, useState } from 'react'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { LOADING_PHRASES } from '@mouthpiece/contracts/constants'
import { Badge } from '../../../components/ui/card'
import { Button } from '../../../components/ui/button'

/** What each generation-flow state (SPEC §4) means to the person waiting. */
export const FLOW_TEXT: Record<string, string> = {
  beforeGenerate: 'Getting ready',
  audioWaiting: 'In line for a voice',
  audioGenerating: 'Recording the voice',
  audioGenerated: 'Voice ready',
  avatarWaiting: 'In line for the animator',
  avatarGenerating: 'Animating your avatar',
  avatarGenerated: 'Finishing up',
  audioFailed: 'The voice could not be made',
  avatarFailed: 'The video could not be made',
}

export const statusTone = (status: number) =>
  status === 3 ? 'success' : status === 4 ? 'danger' : status === 1 ? 'accent' : 'neutral'

/** Rotates the spec's loading phrases ('Doing vocal warmups…') while something runs. */
export function useLoadingPhrase(active: boolean, everyMs = 2200): string {
  const [i, setI] = useState(0)
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setI((n) => (n + 1) % LOADING_PHRASES.length), everyMs)
    return () => clearInterval(timer)
  }, [active, everyMs])
  return LOADING_PHRASES[i] ?? LOADING_PHRASES[0]
}

/** Live progress of a render: bar, rotating phrase, queue state and a way to stop it. */
export type ProgressView = Pick<
  Render,
  'progress' | 'status' | 'status_label' | 'flow_name' | 'stage' | 'queue_status' | 'attempts'
>

export function RenderProgress({
  render,
  onCancel,
  cancelling,
}: {
  render: ProgressView
  onCancel?: () => void
  cancelling?: boolean
}) {
  const phrase = useLoadingPhrase(true)
  const waiting = render.queue_status === 'wait'
  return (
    <div className="w-full" aria-live="polite">
      <div className="flex items-center justify-between gap-3">
        <p className="text-base font-semibold text-text">{phrase}</p>
        <span className="text-sm font-semibold text-accent tabular-nums">{render.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Render progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={render.progress}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-[#232838]"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-accent to-[#ff9a7a] transition-[width] duration-500 ease-out"
          style={{ width: `${Math.max(3, render.progress)}%` }}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-muted">
        <Badge tone={statusTone(render.status)}>{render.status_label}</Badge>
        <span>{FLOW_TEXT[render.flow_name] ?? render.stage}</span>
        {waiting ? <span>· queued</span> : null}
        {render.attempts > 1 ? <span>· attempt {render.attempts}</span> : null}
        {onCancel ? (
          <Button variant="quaternary" size="sm" className="ml-auto" onClick={onCancel} loading={cancelling}>
            Cancel
          </Button>
        ) : null}
      </div>
    </div>
  )
}
