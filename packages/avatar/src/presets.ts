/**
 * The influencer presets: hand-made looks plus a default voice each. The first is the spec's default
 * influencer ("a streamer avatar", model style Old, emotion Neutral).
 */
import type { AvatarLook, Influencer } from '@mouthpiece/contracts/media/avatar.schemas'
import { DEFAULT_INFLUENCER } from '@mouthpiece/contracts/constants'

const look = (l: Omit<AvatarLook, 'headScale'> & { headScale?: number }): AvatarLook => ({ headScale: 1, ...l })

export const INFLUENCERS: readonly Influencer[] = [
  {
    id: 'streamer', name: 'Nova', description: DEFAULT_INFLUENCER.description, modelStyle: 'Old', emotion: 'Neutral',
    voiceId: 'festival:cmu_us_slt_arctic_hts',
    look: look({
      modelStyle: 'Old', skin: '#F6CBA8', hairStyle: 'ponytail', hairColor: '#8A4FD8', eyeStyle: 'round', eyeColor: '#2F6FB5',
      top: 'hoodie', topColor: '#FF6A59', accentColor: '#35C8E0', hat: 'none', hatColor: '#22232A', facialHair: 'none',
      extras: ['headset', 'blush'], seed: 101,
    }),
  },
  {
    id: 'gamer', name: 'Max', description: 'a gamer with a cap and headset', modelStyle: 'Old', emotion: 'Happy',
    voiceId: 'espeak:en-us+m3',
    look: look({
      modelStyle: 'Old', skin: '#E4AE86', hairStyle: 'short', hairColor: '#2B211C', eyeStyle: 'round', eyeColor: '#4A3222',
      top: 'tshirt', topColor: '#3B6FE0', accentColor: '#F2C94C', hat: 'cap', hatColor: '#D93B3B', facialHair: 'stubble',
      extras: ['headset'], seed: 202, headScale: 1.04,
    }),
  },
  {
    id: 'anchor', name: 'Ava', description: 'a news anchor in a suit', modelStyle: 'New', emotion: 'Neutral',
    voiceId: 'espeak:en-gb-x-rp+f3',
    look: look({
      modelStyle: 'New', skin: '#FBD5BD', hairStyle: 'bob', hairColor: '#E8C66A', eyeStyle: 'round', eyeColor: '#3C8A4E',
      top: 'suit', topColor: '#23305E', accentColor: '#D93B3B', hat: 'none', hatColor: '#22232A', facialHair: 'none',
      extras: ['earrings'], seed: 303, headScale: 0.97,
    }),
  },
  {
    id: 'wizard', name: 'Merlin', description: 'a friendly wizard with a long beard', modelStyle: 'Old', emotion: 'Surprised',
    voiceId: 'espeak:en-gb-x-rp+m7',
    look: look({
      modelStyle: 'Old', skin: '#F6CBA8', hairStyle: 'short', hairColor: '#F2F2F2', eyeStyle: 'sleepy', eyeColor: '#2F6FB5',
      top: 'sweater', topColor: '#7B52C9', accentColor: '#F2C94C', hat: 'wizard', hatColor: '#3B3FB0', facialHair: 'beard',
      extras: ['glasses'], seed: 404,
    }),
  },
  {
    id: 'neko', name: 'Miko', description: 'a cute anime streamer with cat ears', modelStyle: 'New', emotion: 'Happy',
    voiceId: 'espeak:en-us+f4',
    look: look({
      modelStyle: 'New', skin: '#FFE3D3', hairStyle: 'long', hairColor: '#F26DB0', eyeStyle: 'anime', eyeColor: '#8A4FD8',
      top: 'hoodie', topColor: '#F2F2F2', accentColor: '#F26DB0', hat: 'cat-ears', hatColor: '#F26DB0', facialHair: 'none',
      extras: ['blush'], seed: 505, headScale: 0.96,
    }),
  },
  {
    id: 'rockstar', name: 'Jax', description: 'a rockstar with a green mohawk', modelStyle: 'Old', emotion: 'Angry',
    voiceId: 'espeak:en-us+m1',
    look: look({
      modelStyle: 'Old', skin: '#9C6641', hairStyle: 'mohawk', hairColor: '#3FAE5A', eyeStyle: 'sharp', eyeColor: '#4A3222',
      top: 'jacket', topColor: '#22232A', accentColor: '#D93B3B', hat: 'none', hatColor: '#22232A', facialHair: 'none',
      extras: ['sunglasses', 'earrings'], seed: 606, headScale: 1.02,
    }),
  },
  {
    id: 'cyber', name: 'Vex', description: 'a cyberpunk hacker with a neon visor', modelStyle: 'New', emotion: 'Neutral',
    voiceId: 'espeak:en-us+klatt',
    look: look({
      modelStyle: 'New', skin: '#CE9A6B', hairStyle: 'buzz', hairColor: '#BFC6D1', eyeStyle: 'sharp', eyeColor: '#35C8E0',
      top: 'jacket', topColor: '#2E3440', accentColor: '#39FF88', hat: 'none', hatColor: '#22232A', facialHair: 'none',
      extras: ['visor', 'headset'], seed: 707,
    }),
  },
  {
    id: 'coach', name: 'Sam', description: 'an upbeat fitness coach', modelStyle: 'Old', emotion: 'Happy',
    voiceId: 'espeak:en-us+m2',
    look: look({
      modelStyle: 'Old', skin: '#6E4530', hairStyle: 'curly', hairColor: '#1F1F24', eyeStyle: 'round', eyeColor: '#4A3222',
      top: 'tank', topColor: '#F08A24', accentColor: '#F2F2F2', hat: 'headband', hatColor: '#F2F2F2', facialHair: 'mustache',
      extras: ['freckles'], seed: 808, headScale: 1.03,
    }),
  },
]

export const DEFAULT_INFLUENCER_ID = 'streamer'

export function findInfluencer(id: string): Influencer | undefined {
  return INFLUENCERS.find((i) => i.id === id)
}
