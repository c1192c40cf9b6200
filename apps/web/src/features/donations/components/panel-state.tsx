import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'

/** The message a failed call or mutation shows (the server's, or the default toast text). */
export const messageOf = (error: unknown): string | undefined =>
  error instanceof Error && error.message ? error.message : undefined

/** A panel's loading and error states; renders children only once the data is there. */
export function PanelState<T>({
  query,
  children,
  label,
}: {
  query: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown }
  children: (data: T) => ReactNode
  label?: string
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.error)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <AlertIcon size={26} className="text-danger" />
        <p className="text-sm text-[#c9cedb]">
          {messageOf(query.error) ?? 'Something went wrong. Try again!'}
        </p>
        <Button variant="tertiary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  return <LoadingBlock label={label} className="min-h-28" />
}
