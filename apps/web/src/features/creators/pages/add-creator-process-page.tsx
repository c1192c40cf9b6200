import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'
import { AvatarCanvas } from '../../avatars'
import { creatorProgressQuery, creatorQuery } from '../api'
import { CreatorTabs } from '../components/creator-tabs'
import { errorText } from '../components/creator-status'

/** /admin/creator-management/add-creator/process?id=…: the dataset adding progress, live, then the result. */
export function AddCreatorProcessPage() {
  const id = useSearchParams()[0].get('id') ?? ''
  const progress = useQuery({ ...creatorProgressQuery(id), enabled: Boolean(id) })
  const done = progress.data?.status === 'ready'
  const creator = useQuery({ ...creatorQuery(id), enabled: Boolean(id) && done })
  const p = progress.data
  return (
    <div>
      <PageHeader title="Creator management" description="Processing the creator's photos and video." />
      <CreatorTabs />
      <Card title="Processing">
        {!id ? (
          <p className="text-sm text-muted">
            No creator is being added.{' '}
            <Link to={PATHS.creatorAdd} className="text-accent underline underline-offset-2">
              Add one
            </Link>
            .
          </p>
        ) : progress.isError ? (
          <p className="text-sm text-danger">{errorText(progress.error)}</p>
        ) : (
          <div className="flex max-w-xl flex-col gap-3">
            <div className="flex items-center justify-between text-sm">
              <span className="text-text" data-testid="creator-stage">
                {p?.stage || 'Starting…'}
              </span>
              <span className="text-muted tabular-nums">{p?.progress ?? 0}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Processing progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={p?.progress ?? 0}
              className="h-2 overflow-hidden rounded-full bg-surface-2"
            >
              <div
                className={cn(
                  'h-full transition-[width] duration-300',
                  p?.status === 'failed' ? 'bg-danger' : 'bg-accent',
                )}
                style={{ width: `${p?.progress ?? 0}%` }}
              />
            </div>
            {p?.status === 'failed' ? (
              <div className="flex flex-col gap-2">
                <p role="alert" className="text-sm text-danger">
                  {p.error}
                </p>
                <div>
                  <ButtonLink to={PATHS.creatorAdd} variant="secondary" size="sm">
                    Try other files
                  </ButtonLink>
                </div>
              </div>
            ) : null}
            {done && creator.data ? (
              <div className="mt-2 flex items-center gap-4" data-testid="creator-ready">
                <AvatarCanvas
                  look={creator.data.look}
                  size={120}
                  badge
                  label={`${creator.data.name} photo avatar`}
                />
                <div className="flex flex-col gap-2">
                  <p className="text-sm text-text">
                    <strong>{creator.data.name}</strong> is ready and shown to users.
                  </p>
                  <div className="flex gap-2">
                    <ButtonLink to={`${PATHS.creatorList}/${encodeURIComponent(id)}`} size="sm">
                      Open creator
                    </ButtonLink>
                    <ButtonLink
                      to={`${PATHS.creatorPermission}?id=${encodeURIComponent(id)}`}
                      variant="secondary"
                      size="sm"
                    >
                      Set permission
                    </ButtonLink>
                  </div>
                </div>
              </div>
            ) : null}
          </div>
        )}
      </Card>
    </div>
  )
}
