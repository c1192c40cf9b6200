import { useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../../components/ui/button'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { sharingQuery } from '../api'
import { RenderPlayer } from '../components/render-player'
import { ShareActions } from '../components/share-actions'

/** /video-sharing/{id}: a finished video for anyone with the link, signed in or not. */
export function VideoSharingPage() {
  const { id = '' } = useParams()
  const { data, isPending, error } = useQuery(sharingQuery(id))
  if (isPending) return <LoadingBlock className="min-h-[60vh]" />
  if (error || !data) {
    const notFound = error instanceof ApiError && error.failure.httpStatus === 404
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-semibold text-text">
          {notFound ? 'This video is not available' : 'The video could not be loaded'}
        </h1>
        <p className="text-muted">
          {notFound
            ? 'It may have been deleted, or the link is not complete.'
            : 'Please try again in a moment.'}
        </p>
        <ButtonLink to="/landing#quick-create">Make your own video</ButtonLink>
      </div>
    )
  }
  const v = data.video
  return (
    <div className="mx-auto max-w-[960px] px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold tracking-wider text-accent uppercase">Shared with Mouthpiece</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-text sm:text-3xl">{v.title}</h1>
      <p className="mt-1 text-sm text-muted">
        Spoken by <span className="font-medium text-text">{v.avatar_name}</span>
        {v.duration ? ` · ${v.duration.toFixed(1)} s` : ''}
      </p>
      <div className="mt-6 overflow-hidden rounded-2xl border border-border bg-black">
        <RenderPlayer files={v.files} title={v.title} />
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <ShareActions
          id={v.id}
          downloadPath={v.files.video_url ?? v.files.audio_url}
          downloadLabel={v.files.video_url ? 'Download MP4' : 'Download audio'}
          openLink={false}
        />
        <ButtonLink to="/landing#quick-create" variant="tertiary">
          Make your own
        </ButtonLink>
      </div>
    </div>
  )
}
