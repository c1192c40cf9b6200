import { useQuery } from '@tanstack/react-query'
import { listAdAvatars } from '@mouthpiece/contracts/ads/avatars.contract'
import { LoadingBlock } from '../../../components/ui/spinner'
import { API_BASE_URL, request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { AvatarSelect } from '../../avatars'
import type { AvatarChoice } from '../../avatars'

/** Who presents an ad video: an influencer, an ad avatar (an admin's talking photo) or one of the user's own avatars. */
export type Presenter =
  { kind: 'influencer'; id: string } | { kind: 'ad_avatar'; id: number } | { kind: 'custom'; id: number }

/** The body fields of the ad video call for a presenter (none: the server's default influencer). */
export const presenterFields = (p: Presenter | null) =>
  p?.kind === 'ad_avatar'
    ? { ad_avatar_id: p.id }
    : p?.kind === 'custom'
      ? { custom_avatar_id: p.id }
      : p
        ? { influencer_id: p.id }
        : {}

const choiceOf = (p: Presenter | null): AvatarChoice | null =>
  !p
    ? {}
    : p.kind === 'custom'
      ? { custom_avatar_id: p.id }
      : p.kind === 'influencer'
        ? { influencer_id: p.id }
        : null

function Choice({
  label,
  name,
  picture,
  picked,
  onPick,
}: {
  label: string
  name: string
  picture: string
  picked: boolean
  onPick: () => void
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        aria-pressed={picked}
        aria-label={label}
        className={cn(
          'flex w-full flex-col items-center gap-1 rounded-xl border p-2 text-xs',
          picked ? 'border-accent bg-accent/10 text-text' : 'border-border text-muted hover:border-accent/50',
        )}
      >
        <img
          src={`${API_BASE_URL}${picture}`}
          alt=""
          className="aspect-square w-full rounded-lg object-cover"
        />
        {name}
      </button>
    </li>
  )
}

/**
 * SPEC §4 selectAvatar: ad avatars (shown first when there are any), then the one avatar picker —
 * the user's own avatars (their photo avatars first) and the influencers.
 */
export function PresenterPicker({
  value,
  onChange,
}: {
  value: Presenter | null
  onChange: (p: Presenter) => void
}) {
  const adAvatars = useQuery({
    queryKey: ['ads', 'avatars'],
    queryFn: ({ signal }) => request(listAdAvatars, { signal }),
    staleTime: 300_000,
  })
  if (adAvatars.isPending) return <LoadingBlock />
  const grid = 'grid grid-cols-3 gap-3 sm:grid-cols-5'
  return (
    <div className="flex flex-col gap-3">
      {adAvatars.data?.avatars.length ? (
        <section aria-label="Ad avatars" className="flex flex-col gap-2">
          <h4 className="text-xs font-medium uppercase tracking-wide text-muted">Ad avatars</h4>
          <ul className={grid}>
            {adAvatars.data.avatars.map((a) => (
              <Choice
                key={a.id}
                label={`Ad avatar ${a.name}`}
                name={a.name}
                picture={a.photo_url}
                picked={value?.kind === 'ad_avatar' && value.id === a.id}
                onPick={() => onChange({ kind: 'ad_avatar', id: a.id })}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <AvatarSelect
        label="Presenter"
        value={choiceOf(value)}
        onChange={(c) =>
          onChange(
            c.custom_avatar_id != null
              ? { kind: 'custom', id: c.custom_avatar_id }
              : { kind: 'influencer', id: c.influencer_id! },
          )
        }
      />
    </div>
  )
}
