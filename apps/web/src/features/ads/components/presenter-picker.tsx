import { useQuery } from '@tanstack/react-query'
import { listAdAvatars } from '@mouthpiece/contracts/ads/avatars.contract'
import { listInfluencers } from '@mouthpiece/contracts/avatars/avatars.contract'
import { LoadingBlock } from '../../../components/ui/spinner'
import { API_BASE_URL, request } from '../../../lib/api'
import { cn } from '../../../lib/cn'

/** Who presents an ad video: an influencer, or an ad avatar (an admin's talking photo). */
export type Presenter = { kind: 'influencer'; id: string } | { kind: 'ad_avatar'; id: number }

/** The body fields of the ad video call for a presenter (none: the server's default influencer). */
export const presenterFields = (p: Presenter | null) =>
  p?.kind === 'ad_avatar' ? { ad_avatar_id: p.id } : p ? { influencer_id: p.id } : {}

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

/** SPEC §4 selectAvatar: ad avatars (shown first when there are any) next to the influencers. */
export function PresenterPicker({
  value,
  onChange,
}: {
  value: Presenter | null
  onChange: (p: Presenter) => void
}) {
  const influencers = useQuery({
    queryKey: ['influencers'],
    queryFn: ({ signal }) => request(listInfluencers, { signal }),
    staleTime: 300_000,
  })
  const adAvatars = useQuery({
    queryKey: ['ads', 'avatars'],
    queryFn: ({ signal }) => request(listAdAvatars, { signal }),
    staleTime: 300_000,
  })
  if (influencers.isPending || adAvatars.isPending) return <LoadingBlock />
  // Nothing picked yet reads as the default influencer, which the server uses then.
  const picked =
    value ??
    (influencers.data?.default_id ? { kind: 'influencer' as const, id: influencers.data.default_id } : null)
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
                picked={picked?.kind === 'ad_avatar' && picked.id === a.id}
                onPick={() => onChange({ kind: 'ad_avatar', id: a.id })}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Influencers" className="flex flex-col gap-2">
        {adAvatars.data?.avatars.length ? (
          <h4 className="text-xs font-medium uppercase tracking-wide text-muted">Influencers</h4>
        ) : null}
        <ul className={grid}>
          {influencers.data?.influencers.map((i) => (
            <Choice
              key={i.id}
              label={`Presenter ${i.name}`}
              name={i.name}
              picture={i.preview_url}
              picked={picked?.kind === 'influencer' && picked.id === i.id}
              onPick={() => onChange({ kind: 'influencer', id: i.id })}
            />
          ))}
        </ul>
      </section>
    </div>
  )
}
