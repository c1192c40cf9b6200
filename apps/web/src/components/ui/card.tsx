import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** A surface panel with an optional heading row. */
export function Card({
  title,
  description,
  actions,
  children,
  className,
  id,
}: {
  title?: ReactNode
  description?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  className?: string
  id?: string
}) {
  return (
    <section id={id} className={cn('rounded-2xl border border-border bg-surface p-5 sm:p-6', className)}>
      {title || actions ? (
        <header className="mb-5 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title ? <h2 className="text-base font-semibold text-text">{title}</h2> : null}
            {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  )
}

/** The title row of a page. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-text sm:text-[28px]">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'danger' | 'accent' | 'warning'
  children: ReactNode
}) {
  const tones = {
    neutral: 'bg-[#262b38] text-[#c9cedb]',
    success: 'bg-success/15 text-success',
    danger: 'bg-danger/15 text-danger',
    accent: 'bg-accent/15 text-accent-hover', // the lighter coral: 4.5:1 on the tint over any surface (decision 0051)
    warning: 'bg-warning/15 text-warning',
  }
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])}
    >
      {children}
    </span>
  )
}

/** A labelled status in a `<dl>` grid: the value as a coloured badge, an optional muted note beside it. */
/** One term and its value: render it inside a `<dl>` (a `<dt>`/`<dd>` pair needs one around it). */
export function StatusTile({
  label,
  value,
  tone = 'neutral',
  detail,
}: {
  label: string
  value: string
  tone?: 'neutral' | 'success' | 'danger' | 'warning'
  detail?: string
}) {
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-border bg-[#141720] px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm text-text">
        <Badge tone={tone}>{value}</Badge>
        {detail ? <span className="text-xs text-muted">{detail}</span> : null}
      </dd>
    </div>
  )
}
