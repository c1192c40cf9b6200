import { useState } from 'react'
import type { Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import type { TipVideo } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { Button, buttonClass } from '../../../components/ui/button'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { fileUrl, isOpen, RenderPlayer } from '../../renders'
import { useGenerateTipVideo, useTipVideoAction } from '../tip-videos-api'
import { messageOf } from './panel-state'

/** Why a tip cannot have a video (yet), or null when it can. */
export function videoBlocker(tip: Pick<Tip, 'status' | 'skip_reason'>): string | null {
  if (tip.status === 'queued') return 'The alert is still being prepared.'
  if (tip.status === 'pending_approval') return 'Approve the alert first.'
  if (tip.skip_reason === 'moderated' || tip.skip_reason === 'rejected')
    return 'Held back by moderation: no video.'
  return null
}

const PLAY_TEXT: Partial<Record<TipVideo['play_state'], string>> = {
  queued: 'Sent to your overlay',
  playing: 'Playing on stream',
  played: 'Played on stream',
  failed: 'The overlay could not play it',
  cancelled: 'Stopped',
}

/** A small progress bar for a table row. */
function RowProgress({ progress, label }: { progress: number; label: string }) {
  return (
    <div className="w-full min-w-28" aria-live="polite">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="text-muted">{label}</span>
        <span className="font-semibold text-accent tabular-nums">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Video progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-[#232838]"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-500 ease-out"
          style={{ width: `${Math.max(4, progress)}%` }}
        />
      </div>
    </div>
  )
}

/**
 * A tip's video in the Activity Feed: "Make video", then its progress (with Cancel), then Watch
 * (player, download, share) and "Play on stream" (the overlay plays it once).
 */
export function TipVideoActions({ tip, video }: { tip: Tip; video: TipVideo | undefined }) {
  const toast = useToast()
  const generate = useGenerateTipVideo()
  const action = useTipVideoAction()
  const [watching, setWatching] = useState(false)
  const fail = (e: unknown) => toast.error(messageOf(e) ?? 'Something went wrong. Try again!')
  const render = video?.render ?? null
  const blocker = videoBlocker(tip)
  const make = () => generate.mutate(tip.id, { onError: fail })
  const act = (a: 'play' | 'cancel', done: string) =>
    action.mutate({ tip_id: tip.id, action: a }, { onSuccess: () => toast.success(done), onError: fail })

  if (render && isOpen(render)) {
    return (
      <div className="flex w-full max-w-56 items-end gap-2">
        <RowProgress
          progress={render.progress}
          label={render.queue_status === 'wait' ? 'Queued' : 'Making video'}
        />
        <Button
          size="sm"
          variant="quaternary"
          loading={action.isPending}
          onClick={() => act('cancel', 'Video cancelled')}
        >
          Cancel
        </Button>
      </div>
    )
  }

  if (!render || render.status !== RenderStatus.completed) {
    const failed = render?.status === RenderStatus.issue
    return (
      <div className="flex flex-col items-start gap-1">
        <Button
          size="sm"
          variant="tertiary"
          loading={generate.isPending}
          disabled={!!blocker}
          title={blocker ?? undefined}
          onClick={make}
        >
          {failed ? 'Make video again' : 'Make video'}
        </Button>
        {failed ? (
          <span className="text-xs text-danger">
            {(render.error ?? 'The video could not be made').split('#')[0]}
          </span>
        ) : null}
      </div>
    )
  }

  const playing = video?.play_state === 'queued' || video?.play_state === 'playing'
  const playText = video ? PLAY_TEXT[video.play_state] : undefined
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="tertiary" onClick={() => setWatching(true)}>
          Watch video
        </Button>
        {playing ? (
          <Button
            size="sm"
            variant="quaternary"
            loading={action.isPending}
            onClick={() => act('cancel', 'Stopped on your overlay')}
          >
            Stop
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={action.isPending}
            onClick={() => act('play', 'Sent to your overlay')}
          >
            Play on stream
          </Button>
        )}
      </div>
      {playText ? (
        <span
          className={video?.play_state === 'failed' ? 'text-xs text-danger' : 'text-xs text-muted'}
          title={video?.play_error ?? undefined}
        >
          {playText}
        </span>
      ) : null}
      <Modal
        open={watching}
        onClose={() => setWatching(false)}
        title={render.title}
        size="md"
        footer={
          <>
            <a
              className={buttonClass('tertiary', 'md')}
              href={fileUrl(render.files.video_url, true)}
              download
            >
              Download MP4
            </a>
            <Button
              variant="secondary"
              loading={action.isPending}
              disabled={playing}
              onClick={() => act('play', 'Sent to your overlay')}
            >
              Play on stream
            </Button>
          </>
        }
      >
        <div className="flex flex-col items-center gap-3">
          <RenderPlayer
            files={render.files}
            title={render.title}
            portrait
            autoPlay
            className="max-h-[55vh] w-auto max-w-full"
          />
          <ShareLink path={render.share_path} />
        </div>
      </Modal>
    </div>
  )
}

function ShareLink({ path }: { path: string }) {
  const toast = useToast()
  const url = `${window.location.origin}${path}`
  return (
    <div className="flex w-full items-center gap-2 rounded-lg border border-border bg-[#11141c] px-3 py-2">
      <span className="min-w-0 flex-1 truncate text-xs text-muted">{url}</span>
      <Button
        size="sm"
        variant="quaternary"
        onClick={() =>
          void navigator.clipboard.writeText(url).then(
            () => toast.success('Share link copied'),
            () => toast.error('Could not copy the link'),
          )
        }
      >
        Copy share link
      </Button>
    </div>
  )
}
