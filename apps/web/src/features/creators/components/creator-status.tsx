import type { Creator } from '@mouthpiece/contracts/avatars/creators.contract'
import { Badge } from '../../../components/ui/card'

export function CreatorStatusBadge({
  creator,
}: {
  creator: Pick<Creator, 'status' | 'is_active' | 'access'>
}) {
  if (creator.status === 'processing') return <Badge tone="warning">processing</Badge>
  if (creator.status === 'failed') return <Badge tone="danger">failed</Badge>
  const restricted = creator.access.plans.length + creator.access.user_ids.length > 0
  return (
    <span className="inline-flex gap-1">
      <Badge tone={creator.is_active ? 'success' : 'neutral'}>{creator.is_active ? 'shown' : 'hidden'}</Badge>
      {restricted ? <Badge tone="accent">restricted</Badge> : null}
    </span>
  )
}

export const errorText = (e: unknown) =>
  e instanceof Error && e.message ? e.message : 'Something went wrong. Try again!'
