import type { ReactNode } from 'react'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { cn } from '../../lib/cn'
import { KIND_LABELS, headlineOf } from './alert-text'
import './overlay.css'

export interface AlertCardProps {
  alert: Pick<OverlayAlert, 'kind' | 'who' | 'amount_label' | 'message' | 'is_test'>
  /** The avatar (a canvas) rising from behind the card's top edge. */
  avatar?: ReactNode
  /** The avatar's height in CSS pixels: its lower body hides behind the card. */
  avatarSize?: number
  leaving?: boolean
  /** Seconds of voice: the coral bar along the bottom fills over this time. */
  progressSeconds?: number | null
  /** overlay: sized from the browser source's viewport; inline: fixed sizes for pages. */
  variant?: 'overlay' | 'inline'
}

/**
 * The alert box: who, how much, and the message, in the style streamers know from Streamlabs and
 * StreamElements — a character on top, a bold headline with the name in the accent colour, the
 * message below. A near-opaque dark panel keeps white text readable over bright and busy games.
 */
export function AlertCard({
  alert,
  avatar,
  avatarSize = 150,
  leaving,
  progressSeconds,
  variant = 'overlay',
}: AlertCardProps) {
  const overlay = variant === 'overlay'
  const head = headlineOf(alert.kind, alert.who, alert.amount_label)
  return (
    <article
      aria-label={`${head.who} ${head.verb}${head.amount ? ` ${head.amount}` : ''}`}
      data-testid="alert-card"
      className={cn(
        'relative mx-auto flex w-full flex-col items-center',
        leaving ? 'mp-alert-leave' : 'mp-alert-enter',
        overlay ? 'max-w-[min(94vw,760px)]' : 'max-w-[520px]',
      )}
    >
      {avatar ? (
        <div className="mp-avatar-enter relative z-0" style={{ marginBottom: -Math.round(avatarSize * 0.2) }}>
          {avatar}
        </div>
      ) : null}
      <div
        className={cn(
          'relative z-10 w-full overflow-hidden rounded-2xl border border-white/10 bg-[#11131a] text-center text-white',
          'border-t-[5px] border-t-[#FF6A59]',
          overlay ? 'px-[4vmin] pt-[5vmin] pb-[3.2vmin]' : 'px-6 pt-8 pb-5',
        )}
      >
        <div
          className={cn(
            'mb-2 flex items-center justify-center gap-2',
            overlay ? 'text-[clamp(11px,2vmin,18px)]' : 'text-xs',
          )}
        >
          <span className="rounded-full bg-[#FF6A59] px-2.5 py-0.5 font-bold tracking-wider text-[#0f1117] uppercase">
            {KIND_LABELS[alert.kind]}
          </span>
          {alert.is_test ? (
            <span className="rounded-full border border-white/30 px-2 py-0.5 font-semibold tracking-wider text-white/80 uppercase">
              Test
            </span>
          ) : null}
        </div>
        <h2
          className={cn(
            'mp-alert-text leading-tight font-extrabold break-words',
            overlay ? 'text-[clamp(22px,5.6vmin,52px)]' : 'text-2xl',
          )}
        >
          <span className="text-[#FF6A59]">{head.who}</span> <span>{head.verb}</span>
          {head.amount ? <span className="whitespace-nowrap"> {head.amount}</span> : null}
          {head.amount && !head.amount.startsWith('·') ? '!' : ''}
        </h2>
        {alert.message ? (
          <p
            className={cn(
              'mp-alert-text mx-auto mt-2 line-clamp-4 max-w-[60ch] leading-snug font-medium break-words text-white/95',
              overlay ? 'text-[clamp(16px,3.6vmin,30px)]' : 'text-base',
            )}
          >
            {alert.message}
          </p>
        ) : null}
        {progressSeconds ? (
          <span
            aria-hidden
            className="mp-alert-progress absolute right-0 bottom-0 left-0 h-1 bg-[#FF6A59]"
            style={{ animationDuration: `${progressSeconds}s` }}
          />
        ) : null}
      </div>
    </article>
  )
}
