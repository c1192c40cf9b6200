import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export interface DropdownProps {
  /** The trigger's content; the trigger itself is a button owned by the dropdown. */
  trigger: ReactNode
  triggerLabel: string
  triggerClassName?: string
  /** Receives `close` so items can close the menu after acting. */
  children: (close: () => void) => ReactNode
  align?: 'left' | 'right'
  panelClassName?: string
}

/** A menu button: click toggles, Escape or an outside click closes, focus returns to the trigger. */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  align = 'right',
  panelClassName,
}: DropdownProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          className={cn(
            'absolute top-full z-40 mt-2 min-w-56 overflow-hidden rounded-xl border border-border bg-surface-2 py-1 shadow-2xl shadow-black/50',
            align === 'right' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  )
}

export const menuItemClass =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-[#d4d8e3] hover:bg-[#2a2f3f] hover:text-text focus-visible:bg-[#2a2f3f] focus-visible:outline-none'
