import { MIN_ACTIVE_CATEGORIES_TOOLTIP } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { cn } from '../../../lib/cn'
import { DisabledTooltip } from './disabled-tooltip'

/** SPEC §4 Show switch: disabled (with its tooltip) when switching it would break the 3-active rule. */
export function ShowSwitch({
  checked,
  allowed,
  onChange,
  label,
  busy,
}: {
  checked: boolean
  allowed: boolean
  onChange: (next: boolean) => void
  label: string
  busy?: boolean
}) {
  return (
    <DisabledTooltip text={MIN_ACTIVE_CATEGORIES_TOOLTIP} active={!allowed}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        disabled={!allowed || busy}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-accent' : 'bg-[#343a4b]',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </DisabledTooltip>
  )
}
