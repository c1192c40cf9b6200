import { Button } from './button'

/** A page section that failed to load: the server's message and a retry (lists and libraries use it). */
export function ErrorBlock({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-6"
    >
      <p className="text-sm text-danger">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
