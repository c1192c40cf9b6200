import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PATHS } from '../../../app/paths'
import { SITE } from '../../../lib/site'

export interface LegalSection {
  id: string
  title: string
  body: ReactNode
}

/** A policy page: title, date, a table of contents on wide screens and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string
  updated: string
  intro: ReactNode
  sections: LegalSection[]
}) {
  return (
    <div className="mx-auto w-full max-w-[1180px] px-4 py-10 sm:px-6 lg:px-10 lg:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated {updated}</p>
        <div className="mt-6 text-[15px] leading-7 text-[#c9cedb]">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[220px_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <ol className="sticky top-28 flex flex-col gap-2 border-l border-border pl-4 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted hover:text-text">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} className="scroll-mt-28">
              <h2 className="text-xl font-semibold text-text">
                {i + 1}. {s.title}
              </h2>
              <div className="legal-body mt-3 flex flex-col gap-3 text-[15px] leading-7 text-[#c9cedb]">
                {s.body}
              </div>
            </section>
          ))}
          <p className="border-t border-border pt-6 text-sm text-muted">
            Questions about this document? Write to{' '}
            <a className="text-accent underline underline-offset-2" href={`mailto:${SITE.supportEmail}`}>
              {SITE.supportEmail}
            </a>{' '}
            or use the{' '}
            <Link to={PATHS.contact} className="text-accent underline underline-offset-2">
              contact form
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  )
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-accent">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}
