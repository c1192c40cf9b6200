import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { NOTIFICATION_TOAST_MS } from '@mouthpiece/contracts/constants'
import { DEFAULT_TOAST_MESSAGE } from '@mouthpiece/contracts/errors'
import { cn } from '../../lib/cn'
import { AlertIcon, CheckIcon, CloseIcon } from './icons'

type ToastKind = 'success' | 'error' | 'info'
interface ToastItem {
  id: number
  kind: ToastKind
  message: string
}
export interface ToastApi {
  success: (message: string) => void
  /** Without a message shows the default 'Have an error. Try again.' (SPEC §8). */
  error: (message?: string) => void
  info: (message: string) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** Toasts stack in the corner and leave after 3000 ms (SPEC §9). */
export function ToastProvider({
  children,
  durationMs = NOTIFICATION_TOAST_MS,
}: {
  children: ReactNode
  durationMs?: number
}) {
  const [items, setItems] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), [])
  const push = useCallback((kind: ToastKind, message: string) => {
    const id = nextId.current++
    setItems((list) => [...list.slice(-3), { id, kind, message }])
  }, [])
  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m?.trim() ? m : DEFAULT_TOAST_MESSAGE),
      info: (m) => push('info', m),
    }),
    [push],
  )
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {items.map((t) => (
          <ToastView key={t.id} item={t} durationMs={durationMs} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

function ToastView({
  item,
  durationMs,
  onDone,
}: {
  item: ToastItem
  durationMs: number
  onDone: (id: number) => void
}) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(item.id), durationMs)
    return () => clearTimeout(timer)
  }, [item.id, durationMs, onDone])
  const isError = item.kind === 'error'
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-xl border bg-surface-2 px-4 py-3 text-sm shadow-xl shadow-black/40',
        isError ? 'border-danger/50' : item.kind === 'success' ? 'border-success/40' : 'border-border',
      )}
    >
      <span
        className={cn(
          'mt-0.5',
          isError ? 'text-danger' : item.kind === 'success' ? 'text-success' : 'text-accent',
        )}
      >
        {isError ? <AlertIcon size={18} /> : <CheckIcon size={18} />}
      </span>
      <p className="flex-1 leading-snug text-text">{item.message}</p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDone(item.id)}
        className="text-muted hover:text-text"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast needs a ToastProvider')
  return api
}
