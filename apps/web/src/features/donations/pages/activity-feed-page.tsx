import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import type { OverlayAlert, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import type { TipVideo } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { useCurrentUser } from '../../auth'
import { KIND_LABELS } from '../../overlay'
import { tipsQuery, useApproveTip, useRePush } from '../api'
import { PROVIDER_LABELS, SKIP_LABELS, STATUS_LABELS, STATUS_TONES, dateTime, tipAmount } from '../format'
import { AlertPreviewModal } from '../components/alert-preview'
import { TipVideoActions } from '../components/tip-video-actions'
import { tipVideosQuery } from '../tip-videos-api'
import { messageOf } from '../components/panel-state'
import { PublicTipPage } from './tip-page'

/** The re-push call names where the alert came from; `provider` is that source. */
const providerOf = (tip: Tip) => tip.source

function TipActions({
  tip,
  video,
  onPreview,
}: {
  tip: Tip
  video: TipVideo | undefined
  onPreview: (tip: Tip) => void
}) {
  const toast = useToast()
  const rePush = useRePush()
  const approve = useApproveTip()
  const fail = (e: unknown) => toast.error(messageOf(e))
  return (
    <div className="flex flex-wrap gap-1.5">
      {tip.status === 'pending_approval' ? (
        <>
          <Button
            size="sm"
            loading={approve.isPending && approve.variables?.approve}
            onClick={() =>
              approve.mutate(
                { tip_id: tip.id, approve: true },
                { onSuccess: () => toast.success('Approved: it plays next'), onError: fail },
              )
            }
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="tertiary"
            onClick={() =>
              approve.mutate(
                { tip_id: tip.id, approve: false },
                { onSuccess: () => toast.success('Rejected'), onError: fail },
              )
            }
          >
            Reject
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={rePush.isPending}
          disabled={tip.status === 'queued'}
          onClick={() =>
            rePush.mutate(
              { tip_id: tip.id, provider: providerOf(tip), mode: 'repush' },
              { onSuccess: () => toast.success('Re-pushed to your overlay'), onError: fail },
            )
          }
        >
          Re-push
        </Button>
      )}
      <Button size="sm" variant="tertiary" onClick={() => onPreview(tip)}>
        Preview
      </Button>
      <div className="basis-full pt-1">
        <TipVideoActions tip={tip} video={video} />
      </div>
    </div>
  )
}

function StatusCell({ tip }: { tip: Tip }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={STATUS_TONES[tip.status]}>{STATUS_LABELS[tip.status]}</Badge>
      {tip.skip_reason ? <span className="text-xs text-muted">{SKIP_LABELS[tip.skip_reason]}</span> : null}
    </div>
  )
}

/** The creator's Activity Feed (SPEC §2 "/{username}/tip (Activity Feed)"): tips and alerts with re-push and preview. */
export function ActivityFeed({ username }: { username: string }) {
  const toast = useToast()
  const [page, setPage] = useState(1)
  const tips = useQuery(tipsQuery(page))
  const tipIds = useMemo(() => (tips.data?.list ?? []).map((t) => t.id), [tips.data])
  const videos = useQuery(tipVideosQuery(tipIds))
  const videoOf = (id: number) => videos.data?.find((v) => v.tip_id === id)
  const rePush = useRePush()
  const [preview, setPreview] = useState<{ open: boolean; alert: OverlayAlert | null; error?: string }>({
    open: false,
    alert: null,
  })
  const tipLink = `${window.location.origin}/${encodeURIComponent(username)}/donate`

  const openPreview = (tip: Tip) => {
    setPreview({ open: true, alert: null })
    rePush.mutate(
      { tip_id: tip.id, provider: providerOf(tip), mode: 'preview' },
      {
        onSuccess: (r) =>
          setPreview({
            open: true,
            alert: r.preview,
            error: r.preview ? undefined : 'This alert has nothing to preview.',
          }),
        onError: (e) =>
          setPreview({ open: true, alert: null, error: messageOf(e) ?? 'The preview could not be made.' }),
      },
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Activity Feed"
        description="Every tip and alert, newest first. Re-push one to play it on your overlay again, preview it here, or make a video of it to share."
        actions={
          <>
            <Button
              variant="tertiary"
              onClick={() =>
                void navigator.clipboard.writeText(tipLink).then(
                  () => toast.success('Tip page link copied'),
                  () => toast.error('Could not copy the link'),
                )
              }
            >
              Copy tip page link
            </Button>
            <ButtonLink to={`/${encodeURIComponent(username)}/donate`} variant="secondary">
              Open my tip page
            </ButtonLink>
          </>
        }
      />
      <DataTable
        caption="Activity Feed"
        rows={tips.data?.list}
        rowKey={(t) => t.id}
        loading={tips.isPending}
        error={tips.error?.message}
        onRetry={() => void tips.refetch()}
        emptyText="No tips or alerts yet. Share your tip page, or send a test alert from Alert Card Settings."
        columns={[
          {
            key: 'when',
            header: 'When',
            cell: (t) => (
              <span className="whitespace-nowrap text-xs text-muted">{dateTime(t.received_at)}</span>
            ),
            hideOnMobile: true,
          },
          {
            key: 'who',
            header: 'From',
            cell: (t) => (
              <div className="min-w-0">
                <p className="truncate font-medium text-text">{t.who}</p>
                <p className="text-xs text-muted">
                  {KIND_LABELS[t.kind]} · {PROVIDER_LABELS[t.source]}
                  {t.is_test && t.source !== 'test' ? ' · test' : ''}
                </p>
                {/* Narrow screens fold amount and status in here (their columns are hidden). */}
                <div className="mt-1.5 flex flex-wrap items-center gap-2 md:hidden">
                  <span className="text-xs text-text">{tipAmount(t)}</span>
                  <StatusCell tip={t} />
                </div>
              </div>
            ),
          },
          {
            key: 'amount',
            header: 'Amount',
            hideOnMobile: true,
            cell: (t) => <span className="whitespace-nowrap">{tipAmount(t)}</span>,
          },
          {
            key: 'message',
            header: 'Message',
            hideOnMobile: true,
            cell: (t) => (
              <p className="line-clamp-2 max-w-xs text-xs text-[#c9cedb]" title={t.spoken_text ?? undefined}>
                {t.message || <span className="text-muted">—</span>}
              </p>
            ),
          },
          { key: 'status', header: 'Status', hideOnMobile: true, cell: (t) => <StatusCell tip={t} /> },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            cell: (t) => <TipActions tip={t} video={videoOf(t.id)} onPreview={openPreview} />,
          },
        ]}
      />
      {tips.data ? (
        <Pagination page={page} lastPage={tips.data.lastPage} total={tips.data.total} onChange={setPage} />
      ) : null}
      <AlertPreviewModal
        open={preview.open}
        onClose={() => setPreview({ open: false, alert: null })}
        alert={preview.alert}
        loading={rePush.isPending}
        error={preview.error}
      />
    </div>
  )
}

/**
 * /{username}/tip: the creator's own Activity Feed; anyone else (if the route lets them in) gets
 * the public tip form for that creator.
 */
export function UserTipPage() {
  const { username = '' } = useParams()
  const me = useCurrentUser()
  if (me.isPending) return <LoadingBlock className="min-h-[40vh]" />
  if (me.data && me.data.username.toLowerCase() === username.toLowerCase())
    return <ActivityFeed username={me.data.username} />
  return <PublicTipPage username={username} />
}
