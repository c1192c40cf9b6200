import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { cn } from '../../../lib/cn'
import { customAvatarsQuery, influencersQuery } from '../api'
import { AvatarCanvas } from './avatar-canvas'

export interface AvatarChoice {
  influencer_id?: string
  custom_avatar_id?: number
}

/** What a picked avatar looks like and sounds like by default. */
export interface PickedAvatar {
  choice: AvatarChoice
  name: string
  look: AvatarLook
  emotion: Emotion
  voiceId?: string
}

/** Resolves a choice to its look (influencers first, then the user's own avatars). */
export function usePickedAvatar(choice: AvatarChoice, signedIn: boolean): PickedAvatar | undefined {
  const influencers = useQuery(influencersQuery)
  const mine = useQuery({ ...customAvatarsQuery, enabled: signedIn })
  if (choice.custom_avatar_id !== undefined) {
    const a = mine.data?.avatars.find((x) => x.id === choice.custom_avatar_id)
    if (a) return { choice, name: a.name, look: a.look, emotion: 'Neutral' }
  }
  const list = influencers.data?.influencers ?? []
  const i = list.find((x) => x.id === (choice.influencer_id ?? influencers.data?.default_id)) ?? list[0]
  return i
    ? { choice: { influencer_id: i.id }, name: i.name, look: i.look, emotion: i.emotion, voiceId: i.voice_id }
    : undefined
}

interface TileProps {
  selected: boolean
  onSelect: () => void
  look: AvatarLook
  emotion: Emotion
  name: string
  hint?: string
}

function Tile({ selected, onSelect, look, emotion, name, hint }: TileProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      onClick={onSelect}
      title={hint}
      className={cn(
        'group flex flex-col items-center gap-1 rounded-xl border p-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        selected ? 'border-accent bg-accent/10' : 'border-border bg-[#11141c] hover:border-[#3a4154]',
      )}
    >
      <AvatarCanvas
        look={look}
        emotion={emotion}
        size={64}
        animate={selected}
        badge
        label={`${name} avatar`}
      />
      <span className={cn('max-w-full truncate text-xs font-medium', selected ? 'text-text' : 'text-muted')}>
        {name}
      </span>
    </button>
  )
}

/** A grid of influencers (drawn live) and, signed in, my custom avatars. */
export function AvatarPicker({
  value,
  onChange,
  signedIn,
}: {
  value: AvatarChoice
  onChange: (c: AvatarChoice) => void
  signedIn: boolean
}) {
  const influencers = useQuery(influencersQuery)
  const mine = useQuery({ ...customAvatarsQuery, enabled: signedIn })
  const selectedInfluencer =
    value.custom_avatar_id === undefined ? (value.influencer_id ?? influencers.data?.default_id) : undefined
  if (influencers.isError) return <p className="text-sm text-danger">Avatars are not available right now.</p>
  return (
    <div>
      <div
        role="radiogroup"
        aria-label="Avatar"
        className="grid grid-cols-4 gap-2 sm:grid-cols-5 lg:grid-cols-4 xl:grid-cols-5"
      >
        {influencers.isPending
          ? Array.from({ length: 8 }, (_, i) => (
              <span key={i} className="h-[96px] animate-pulse rounded-xl bg-[#1b1f2a]" />
            ))
          : influencers.data.influencers.map((i) => (
              <Tile
                key={i.id}
                selected={selectedInfluencer === i.id}
                onSelect={() => onChange({ influencer_id: i.id })}
                look={i.look}
                emotion={i.emotion}
                name={i.name}
                hint={i.description}
              />
            ))}
        {signedIn
          ? (mine.data?.avatars ?? []).map((a) => (
              <Tile
                key={`c${a.id}`}
                selected={value.custom_avatar_id === a.id}
                onSelect={() => onChange({ custom_avatar_id: a.id })}
                look={a.look}
                emotion="Neutral"
                name={a.name}
                hint="Your custom avatar"
              />
            ))
          : null}
      </div>
      <p className="mt-2 text-xs text-muted">
        {signedIn ? (
          <Link to="/avatar-editor" className="text-accent hover:underline">
            Design your own avatar
          </Link>
        ) : (
          <>
            Longer videos and your own avatar:{' '}
            <Link to="/login?mode=register" className="text-accent hover:underline">
              sign up free
            </Link>
          </>
        )}
      </p>
    </div>
  )
}
