import { cn } from '../../lib/cn'

export function Spinner({
  size = 20,
  className,
  label,
}: {
  size?: number
  className?: string
  label?: string
}) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center gap-2', className)}>
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin" aria-hidden="true">
        <circle
          cx="12"
          cy="12"
          r="9"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="3"
          fill="none"
        />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      {label ? <span className="text-sm text-muted">{label}</span> : null}
    </span>
  )
}

/** A centred spinner for a page or panel that is loading. */
export function LoadingBlock({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    // data-loading-block: the overlay page hides it so OBS never shows a loading frame.
    <div
      data-loading-block
      className={cn('flex min-h-40 items-center justify-center text-accent', className)}
    >
      <Spinner size={28} label={label} />
    </div>
  )
}
