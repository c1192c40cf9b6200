import { useState } from 'react'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { ApiError } from '../../../lib/api'
import { RenderPlayer, RenderProgress, ShareActions, useCancelRender, useRender } from '../../renders'
import { downloadAssets, startFinalVideo } from '../api'
import type { ProjectEditor } from './use-project-editor'

/**
 * Render → progress → play, then the result's downloads: the MP4, the assets zip (scene audio,
 * captions as SRT/VTT, the video) and the share link. The document is saved first, so the video
 * is made from exactly what the preview shows.
 */
export function RenderPanel({
  editor,
  open,
  onClose,
  initialRenderId,
}: {
  editor: ProjectEditor
  open: boolean
  onClose: () => void
  initialRenderId: string | null
}) {
  const [renderId, setRenderId] = useState<string | null>(initialRenderId)
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string>()
  const [zip, setZip] = useState<{ busy: boolean; error?: string }>({ busy: false })
  const { data } = useRender(renderId ?? undefined)
  const cancel = useCancelRender()
  const render = data?.render

  const start = async () => {
    setStarting(true)
    setError(undefined)
    try {
      await editor.saveNow()
      const res = await startFinalVideo(editor.projectId, editor.version)
      setRenderId(res.render.id)
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : 'The video could not be started')
    } finally {
      setStarting(false)
    }
  }

  const download = async () => {
    if (!render) return
    setZip({ busy: true })
    const res = await downloadAssets(editor.projectId, render.id)
    setZip({ busy: false, error: res.status ? undefined : res.message })
  }

  const running =
    render &&
    (render.status === RenderStatus.rendering ||
      render.status === RenderStatus.paused ||
      render.status === RenderStatus.replicateAvatarCompleted)
  return (
    <Modal open={open} onClose={onClose} title="Render video" size="lg">
      <div className="flex flex-col gap-5" data-testid="render-panel">
        {render && running ? (
          <RenderProgress
            render={render}
            onCancel={() => cancel.mutate(render.id)}
            cancelling={cancel.isPending}
          />
        ) : null}
        {render?.status === RenderStatus.completed ? (
          <>
            <RenderPlayer
              files={render.files}
              title={editor.name}
              autoPlay
              portrait={render.video_orientation === 'portrait'}
            />
            <div className="flex flex-wrap items-center gap-2">
              <ShareActions id={render.id} downloadPath={render.files.video_url} />
              <Button variant="secondary" onClick={() => void download()} loading={zip.busy}>
                Download assets (zip)
              </Button>
            </div>
            <FormError message={zip.error} />
          </>
        ) : null}
        {render?.status === RenderStatus.issue ? (
          <FormError message={render.error ?? 'The video could not be made.'} />
        ) : null}
        <FormError message={error} />
        {!running ? (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-[#11141c] p-4">
            <p className="text-sm text-muted">
              {render
                ? 'Changed something? Render again to get a new video.'
                : 'Every scene is put together into one video, exactly as the preview shows it.'}
            </p>
            <Button onClick={() => void start()} loading={starting}>
              {render ? 'Render again' : 'Start render'}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  )
}
