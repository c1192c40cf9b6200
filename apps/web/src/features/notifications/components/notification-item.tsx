import type { KeyboardEvent } from 'react'
import { PaymentNotificationType } from '@mouthpiece/contracts/payments/payments.schemas'
import { AlertIcon, CardIcon, CheckIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { timeSinceCreated } from '../age-label'
import type { FeedItem } from '../notification-feed'

function TypeIcon({ type }: { type: number }) {
  if (type === PaymentNotificationType.paymentSucceeded)
    return <CheckIcon size={18} className="text-success" />
  if (type === PaymentNotificationType.paymentFailed) return <AlertIcon size={18} className="text-danger" />
  return <CardIcon size={18} className="text-muted" />
}

export interface NotificationItemProps {
  item: FeedItem
  nowMs: number
  busy: boolean
  onOpen: (item: FeedItem) => void
  onKeyDown?: (e: KeyboardEvent<HTMLButtonElement>) => void
}

/** One row of the bell's list: unseen rows are brighter, marked with a coral dot and say so to screen readers. */
export function NotificationItem({ item, nowMs, busy, onOpen, onKeyDown }: NotificationItemProps) {
  const age = timeSinceCreated(item, nowMs)
  return (
    <li>
      <button
        type="button"
        data-notification-item=""
        data-seen={item.seen ? 'true' : 'false'}
        aria-busy={busy || undefined}
        onClick={() => onOpen(item)}
        onKeyDown={onKeyDown}
        className={cn(
          'group flex w-full items-start gap-3 border-b border-border/60 px-4 py-3.5 text-left transition-colors',
          'hover:bg-[#262b39] focus-visible:bg-[#262b39] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
          item.seen ? 'bg-transparent' : 'bg-accent/[0.07]',
        )}
      >
        <span
          className={cn(
            'mt-0.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full',
            item.seen ? 'bg-surface-2' : 'bg-[#2a2230]',
          )}
        >
          {busy ? <Spinner size={16} className="text-accent" /> : <TypeIcon type={item.type} />}
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={cn(
              'block text-sm leading-snug break-words',
              item.seen ? 'text-[#aeb4c2]' : 'font-medium text-text',
            )}
          >
            {item.seen ? null : <span className="sr-only">Unseen: </span>}
            {item.content}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1.5 pt-0.5">
          <span
            className={cn(
              'text-[11px] font-semibold tracking-wide tabular-nums',
              item.seen ? 'text-muted' : 'text-accent',
            )}
            data-testid="notification-age"
          >
            {age}
          </span>
          {item.seen ? null : <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent" />}
        </span>
      </button>
    </li>
  )
}
