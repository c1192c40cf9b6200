import { useId } from 'react'
import type { ReactNode } from 'react'

/**
 * Explains why a control is disabled. Disabled buttons get no pointer or focus events, so the
 * wrapper takes them: hovering or focusing it shows the text, and screen readers hear it too.
 */
export function DisabledTooltip({
  text,
  active,
  children,
}: {
  text: string
  active: boolean
  children: ReactNode
}) {
  const id = useId()
  if (!active) return <>{children}</>
  return (
    <span className="group relative inline-flex" tabIndex={0} aria-describedby={id} title={text}>
      {children}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute right-0 bottom-full z-20 mb-2 w-max max-w-[300px] rounded-lg border border-border bg-[#232838] px-3 py-2 text-xs font-medium text-text opacity-0 shadow-lg shadow-black/40 transition-opacity group-hover:opacity-100 group-focus:opacity-100"
      >
        {text}
      </span>
    </span>
  )
}
