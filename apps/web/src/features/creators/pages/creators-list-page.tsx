import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { PATHS } from '../../../app/paths'
import { AvatarThumb } from '../../donations'
import { creatorsQuery } from '../api'
import { CreatorTabs } from '../components/creator-tabs'
import { CreatorStatusBadge, errorText } from '../components/creator-status'

/** /admin/creator-management/list: every creator (added ones and the presets) with status and access. */
export function CreatorsListPage() {
  const creators = useQuery(creatorsQuery)
  return (
    <div>
      <PageHeader
        title="Creator management"
        description="Creators users pick as their avatar: added ones and the built-in presets."
      />
      <CreatorTabs />
      {creators.isError ? (
        <Card>
          <p className="text-sm text-danger">{errorText(creators.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void creators.refetch()}>
            Try again
          </Button>
        </Card>
      ) : creators.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-surface-2" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Creators">
          {creators.data.map((c) => (
            <li key={c.id}>
              <Link
                to={`${PATHS.creatorList}/${encodeURIComponent(c.id)}`}
                className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3 hover:border-accent/60"
              >
                <AvatarThumb look={c.look} size={56} label={`${c.name} avatar`} />
                <div className="min-w-0 flex-1">
                  <div className="truncate text-sm font-semibold text-text">{c.name}</div>
                  <div className="truncate text-xs text-muted">{c.description || c.id}</div>
                  <div className="mt-1">
                    <CreatorStatusBadge creator={c} />
                  </div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
