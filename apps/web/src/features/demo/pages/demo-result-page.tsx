import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useCancelRender, useRender, RenderPlayer, RenderProgress, ShareActions } from '../../renders'
import { DemoSteps } from './demo-upload-page'

/** /demo-result?id=…: demo step 3 — live progress, then the video to play, download and share. */
export function DemoResultPage() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? undefined
  const { data, isPending, error } = useRender(id)
  const cancel = useCancelRender()
  const r = data?.render
  return (
    <div className="mx-auto max-w-[900px] px-4 py-10 sm:px-6">
      <DemoSteps step={3} />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-text sm:text-3xl">Your video</h1>
      <Card className="mt-6">
        {!id || error ? (
          <p className="text-muted">
            This demo video is not available in this browser.{' '}
            <Link to="/demo-upload" className="text-accent underline underline-offset-2">
              Make a new one
            </Link>
          </p>
        ) : isPending || !r ? (
          <LoadingBlock />
        ) : r.status === 3 ? (
          <div className="flex flex-col gap-4">
            <RenderPlayer files={r.files} title={r.title} autoPlay />
            <ShareActions id={r.id} downloadPath={r.files.video_url} />
          </div>
        ) : r.status === 4 ? (
          <p role="alert" className="text-danger">
            {r.error?.split('#')[0]}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            <div className="flex aspect-video items-center justify-center rounded-xl bg-[#11141c] text-muted">
              {r.avatar_name} is getting ready…
            </div>
            <RenderProgress render={r} onCancel={() => cancel.mutate(r.id)} cancelling={cancel.isPending} />
          </div>
        )}
      </Card>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <ButtonLink to="/demo-upload" variant="tertiary">
          Make another
        </ButtonLink>
        <ButtonLink to="/login?mode=register">Sign up for longer videos and your own avatar</ButtonLink>
      </div>
    </div>
  )
}
