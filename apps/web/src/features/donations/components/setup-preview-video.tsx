import { useEffect, useRef, useState } from 'react'
import type { SetupPreviewBody } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { DEFAULT_PREVIEW_LINE } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { Button } from '../../../components/ui/button'
import { useRender, useCancelRender, RenderPlayer, RenderProgress } from '../../renders'
import { useSetupPreview } from '../tip-videos-api'
import { messageOf } from './panel-state'

/**
 * "Preview video" in the avatar setup modal: renders the setup as it is being edited (saved or
 * not) saying a short line in its voice, shows the render's progress, then plays the result.
 */
export function SetupPreviewVideo({ setup }: { setup: SetupPreviewBody }) {
  const start = useSetupPreview()
  const cancel = useCancelRender()
  const [renderId, setRenderId] = useState<string>()
  const [error, setError] = useState<string>()
  const query = useRender(renderId)
  const render = query.data?.render
  const running = !!renderId && (!render || render.status <= RenderStatus.paused)
  const failed = render?.status === RenderStatus.issue
  const box = useRef<HTMLElement>(null)
  // The section sits low in the modal: bring the progress, then the player, into view.
  const phase = !renderId ? 'idle' : running ? 'running' : 'done'
  useEffect(() => {
    if (phase !== 'idle') box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [phase])

  const run = () => {
    setError(undefined)
    start.mutate(setup, {
      onSuccess: (r) => setRenderId(r.id),
      onError: (e) => setError(messageOf(e) ?? 'The preview could not be made.'),
    })
  }

  return (
    <section
      ref={box}
      aria-label="Preview video"
      className="rounded-xl border border-border bg-[#11141c] p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-text">Preview video</h3>
          <p className="text-xs text-muted">
            Hear and see this setup say “{setup.text || DEFAULT_PREVIEW_LINE}” before you go live.
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={run} loading={start.isPending} disabled={running}>
          {render?.status === RenderStatus.completed || failed ? 'Preview again' : 'Preview video'}
        </Button>
      </div>
      {running && render ? (
        <div className="mt-4">
          <RenderProgress
            render={render}
            cancelling={cancel.isPending}
            onCancel={() => cancel.mutate(render.id)}
          />
        </div>
      ) : null}
      {render?.status === RenderStatus.completed ? (
        <div className="mt-4">
          <RenderPlayer files={render.files} title="Avatar setup preview" autoPlay />
        </div>
      ) : null}
      {failed || error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error ?? (render?.error ?? 'The preview could not be made.').split('#')[0]}
        </p>
      ) : null}
    </section>
  )
}
