import type { ValueSource } from '@mouthpiece/contracts/ads/brands.schemas'
import { cn } from '../../../lib/cn'

/** Where a kit value came from and how sure we are; unreviewed scraped values are marked. */
export function SourceBadge({ source }: { source: ValueSource }) {
  const mine = source.kind === 'user' || source.kind === 'upload'
  const pct = Math.round(source.confidence * 100)
  return (
    <span
      title={source.detail ?? undefined}
      className={cn(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full border px-2 py-0.5 text-[11px]',
        source.confirmed ? 'border-border text-muted' : 'border-warning/50 bg-warning/10 text-warning',
      )}
    >
      {mine ? (source.kind === 'upload' ? 'uploaded' : 'yours') : `from ${source.kind} · ${pct}%`}
      {!source.confirmed && <span className="font-semibold">· check</span>}
    </span>
  )
}
