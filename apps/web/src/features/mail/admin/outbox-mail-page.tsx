import { Fragment, useState } from 'react'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Card } from '../../../components/ui/card'
import { AlertIcon, ChevronLeftIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { PATHS } from '../../../app/paths'
import { outboxMailQuery } from '../api'
import { formatDateTime } from './outbox-page'

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g

/** Plain text with its web addresses made clickable (the reset link is the point of most mails). */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="break-all text-accent underline underline-offset-2">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  )
  return <>{parts}</>
}

/** /admin/outbox/{id}: one mail, as text (links clickable) or as its HTML in a sandboxed frame. */
export function OutboxMailPage() {
  const id = useParams().id ?? ''
  const mail = useQuery(outboxMailQuery(id))
  const [view, setView] = useState<'text' | 'html'>('text')

  const back = (
    <Link
      to={PATHS.adminOutbox}
      className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-text"
    >
      <ChevronLeftIcon size={16} /> Outbox
    </Link>
  )
  if (mail.isError)
    return (
      <div>
        {back}
        <Card>
          <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
            <AlertIcon size={28} className="text-danger" />
            <p className="text-[#c9cedb]">{mail.error.message}</p>
          </div>
        </Card>
      </div>
    )
  if (!mail.data) return <LoadingBlock />
  const m = mail.data

  return (
    <div>
      {back}
      <Card>
        <h1 className="text-xl font-semibold text-text">{m.subject || '(no subject)'}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted">To</dt>
          <dd className="break-all text-text">{m.to}</dd>
          <dt className="text-muted">Sent</dt>
          <dd className="text-text">{formatDateTime(m.created_at)}</dd>
        </dl>
        {m.html ? (
          <div
            role="tablist"
            aria-label="Mail format"
            className="mt-6 inline-flex rounded-lg border border-border bg-[#11141c] p-1"
          >
            {(['text', 'html'] as const).map((v) => (
              <button
                key={v}
                role="tab"
                type="button"
                aria-selected={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm',
                  view === v ? 'bg-surface-2 text-text' : 'text-muted hover:text-text',
                )}
              >
                {v === 'text' ? 'Text' : 'HTML'}
              </button>
            ))}
          </div>
        ) : null}
        <div className="mt-4 border-t border-border pt-5">
          {view === 'html' && m.html ? (
            <iframe
              title="Mail HTML"
              sandbox=""
              srcDoc={m.html}
              className="h-[60vh] w-full rounded-lg bg-white"
            />
          ) : (
            <pre
              data-testid="mail-text"
              className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-[#d4d8e3]"
            >
              <Linkified text={m.text} />
            </pre>
          )}
        </div>
      </Card>
    </div>
  )
}
