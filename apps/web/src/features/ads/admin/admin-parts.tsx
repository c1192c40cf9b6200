import type { ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button'
import { API_BASE_URL } from '../../../lib/api'
import { useToast } from '../../../components/ui/toast'
import { failureText } from '../api'

/** Retry after failure (SPEC §6): shown only on a failed row; refreshes the admin ads lists. */
export function AdminRetryButton({
  failed,
  run,
  done,
}: {
  failed: boolean
  run: () => Promise<unknown>
  done: string
}) {
  const client = useQueryClient()
  const toast = useToast()
  const retry = useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success(done)
      void client.invalidateQueries({ queryKey: ['admin', 'ads'] })
    },
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  if (!failed) return null
  return (
    <Button
      size="sm"
      variant="tertiary"
      loading={retry.isPending}
      onClick={(e) => {
        e.stopPropagation()
        retry.mutate()
      }}
    >
      Retry
    </Button>
  )
}

export const statusTone = (s: string) =>
  s === 'done' ? 'success' : s === 'failed' ? 'danger' : s === 'uploaded' ? 'neutral' : 'accent'
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function LoadFailed({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
      {failureText(error)}
    </p>
  )
}

/** A definition list of an admin detail card. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {items.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-muted">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A picture preview on an admin detail page: a small WebP the admin-only thumbnail calls serve (a tinted ground so cut-outs read). */
export function AdminThumbnail({ path, alt, caption }: { path: string; alt: string; caption?: ReactNode }) {
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={`${API_BASE_URL}${path}`}
        alt={alt}
        loading="lazy"
        className="max-h-64 w-full rounded-lg border border-border bg-surface-2 object-contain"
      />
      {caption ? <figcaption className="text-xs text-muted">{caption}</figcaption> : null}
    </figure>
  )
}
