import { useMemo } from 'react'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { DEFAULT_ENERGY } from '@mouthpiece/contracts/constants'
import { SpeakingAvatar } from '../../overlay'

const still = () => 0.3

/** A still picture of an avatar look, drawn in the page with packages/avatar. */
export function AvatarThumb({
  look,
  size = 72,
  label,
  badge = true,
}: {
  look: AvatarLook
  size?: number
  label?: string
  badge?: boolean
}) {
  const animation = useMemo(
    () => ({
      cues: [],
      wordStarts: [],
      seed: look.seed,
      emotion: 'Neutral' as const,
      energy: DEFAULT_ENERGY,
    }),
    [look.seed],
  )
  return (
    <SpeakingAvatar
      look={look}
      animation={animation}
      clock={still}
      playing={false}
      size={size}
      badge={badge}
      label={label}
    />
  )
}
