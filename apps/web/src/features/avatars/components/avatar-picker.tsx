import { useQuery } from '@tanstack/react-query'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { customAvatarsQuery, influencersQuery } from '../api'

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
