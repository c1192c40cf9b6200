import { useRef } from 'react'
import type { KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { CustomAvatar, InfluencerItem } from '@mouthpiece/contracts/avatars/avatars.contract'
import { API_BASE_URL } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { customAvatarsQuery, influencersQuery } from '../api'
import type { AvatarChoice } from './avatar-picker'

/** One face in the picker: who it is, the server's still of it, and the choice it makes. */
export interface AvatarOption {
  key: string
  name: string
  /** What the face is, read after its name ("your photo avatar", "creator"). */
  kind: string
  /** A picture URL the server gave (never a storage key the page names). */
  picture: string
  choice: AvatarChoice
  group: 'mine' | 'creators'
}

/** The creator's own avatars first (photo avatars before drawn ones), then the creators they may use. */
export function avatarOptions(
  mine: readonly CustomAvatar[],
  creators: readonly InfluencerItem[],
): AvatarOption[] {
  const own = [...mine].sort((a, b) => Number(!!b.look.photo) - Number(!!a.look.photo))
  return [
    ...own.map((a) => ({
      key: `c${a.id}`,
      name: a.name,
      kind: a.look.photo ? 'your photo avatar' : 'your avatar',
      picture: a.preview_url,
      choice: { custom_avatar_id: a.id },
      group: 'mine' as const,
    })),
    ...creators.map((i) => ({
      key: i.id,
      name: i.name,
      kind: i.description ? `creator, ${i.description}` : 'creator',
      picture: i.preview_url,
      choice: { influencer_id: i.id },
      group: 'creators' as const,
    })),
  ]
}

/** The option a choice points at; nothing chosen reads as the server's default creator. */
export function chosenKey(value: AvatarChoice | null, defaultId: string | undefined): string | undefined {
  if (!value) return undefined
  if (value.custom_avatar_id != null) return `c${value.custom_avatar_id}`
  return value.influencer_id ?? defaultId
}

const GROUP_LABEL = { mine: 'Your avatars', creators: 'Creators' } as const

/**
 * The one avatar picker (Quick Create, the project editor, new projects, alert setups, ads): faces
 * drawn by the server, the creator's own avatars first, then the creators they may use. One radio
 * group: Tab reaches the chosen face, the arrow keys move the choice, Home/End jump to the ends.
 */
export function AvatarSelect({
  value,
  onChange,
  signedIn = true,
  label = 'Avatar',
  compact = false,
}: {
  /** null: none of these faces is chosen (e.g. an ad avatar picked beside them). */
  value: AvatarChoice | null
  onChange: (c: AvatarChoice) => void
  signedIn?: boolean
  label?: string
  /** Smaller faces (the editor's inspector). */
  compact?: boolean
}) {
  const influencers = useQuery(influencersQuery)
  const mine = useQuery({ ...customAvatarsQuery, enabled: signedIn })
  const refs = useRef(new Map<string, HTMLButtonElement>())
  if (influencers.isError) return <p className="text-sm text-danger">Avatars are not available right now.</p>
  const options = avatarOptions(
    signedIn ? (mine.data?.avatars ?? []) : [],
    influencers.data?.influencers ?? [],
  )
  const picked = chosenKey(value, influencers.data?.default_id)
  const focusable = options.some((o) => o.key === picked) ? picked : options[0]?.key

  const move = (e: KeyboardEvent, index: number) => {
    const last = options.length - 1
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null
    if (next === null) return
    e.preventDefault()
    const o = options[next]!
    onChange(o.choice)
    refs.current.get(o.key)?.focus()
  }

  const face = compact ? 'h-12 w-12' : 'h-16 w-16'
  const grid = compact
    ? 'grid grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] gap-1.5'
    : 'grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2'
  const groups = (['mine', 'creators'] as const).filter((g) => options.some((o) => o.group === g))
  return (
    <div data-testid="avatar-select" className="flex flex-col gap-2">
      <div
        role="radiogroup"
        aria-label={label}
        aria-busy={influencers.isPending || undefined}
        className="flex max-h-80 flex-col gap-2 overflow-y-auto pr-0.5"
      >
        {influencers.isPending ? (
          <div className={grid}>
            {Array.from({ length: 6 }, (_, i) => (
              <span
                key={i}
                className={cn('animate-pulse rounded-xl bg-[#1b1f2a]', compact ? 'h-20' : 'h-24')}
              />
            ))}
          </div>
        ) : (
          groups.map((g) => (
            <div key={g} className="flex flex-col gap-1.5">
              {/* The group names are in each face's name too ("your photo avatar", "creator"). */}
              {groups.length > 1 ? (
                <p aria-hidden className="text-[11px] font-semibold tracking-wide text-muted uppercase">
                  {GROUP_LABEL[g]}
                </p>
              ) : null}
              <div className={grid}>
                {options.map((o, index) =>
                  o.group !== g ? null : (
                    <button
                      key={o.key}
                      ref={(el) => {
                        if (el) refs.current.set(o.key, el)
                        else refs.current.delete(o.key)
                      }}
                      type="button"
                      role="radio"
                      aria-label={`${o.name}, ${o.kind}`}
                      aria-checked={o.key === picked}
                      tabIndex={o.key === focusable ? 0 : -1}
                      onClick={() => onChange(o.choice)}
                      onKeyDown={(e) => move(e, index)}
                      data-testid="avatar-option"
                      className={cn(
                        'flex min-w-0 flex-col items-center gap-1 rounded-xl border p-1.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                        o.key === picked
                          ? 'border-accent bg-accent/10 text-text'
                          : 'border-border bg-[#11141c] text-muted hover:border-[#3a4154]',
                      )}
                    >
                      <img
                        src={`${API_BASE_URL}${o.picture}`}
                        alt=""
                        loading="lazy"
                        className={cn(face, 'rounded-lg bg-[#1b1f2a] object-cover')}
                      />
                      <span className="w-full truncate text-center text-xs font-medium">{o.name}</span>
                    </button>
                  ),
                )}
              </div>
            </div>
          ))
        )}
      </div>
      <p className="text-xs text-muted">
        {signedIn ? (
          <Link to="/avatar-editor" className="text-accent underline hover:no-underline">
            Make an avatar from your photo
          </Link>
        ) : (
          <>
            Longer videos and your own avatar:{' '}
            <Link to="/login?mode=register" className="text-accent underline hover:no-underline">
              sign up free
            </Link>
          </>
        )}
      </p>
    </div>
  )
}
