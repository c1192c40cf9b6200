import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { PublicSentenceCategory } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { ChevronRightIcon } from '../../../components/ui/icons'
import { sentenceCategoriesQuery } from '../../sentences'
import { QUICK_CREATE_ANCHOR, QUICK_CREATE_CATEGORY_PARAM } from './quick-create-section'

const ACCENTS = ['#FF6A59', '#05FBCA', '#9146FF', '#FBBF24', '#60A5FA', '#F472B6']

/** The shown sentence categories; choosing one fills the Quick Create box with one of its lines. */
export function SentenceCategoriesSection() {
  const { data } = useQuery(sentenceCategoriesQuery)
  const [, setParams] = useSearchParams()
  const categories = data?.categories ?? []
  if (!categories.length) return null

  const use = (c: PublicSentenceCategory) => {
    setParams(
      (prev) => {
        prev.set(QUICK_CREATE_CATEGORY_PARAM, c.name)
        return prev
      },
      { replace: true, preventScrollReset: true },
    )
    document.getElementById(QUICK_CREATE_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  return (
    <section aria-labelledby="categories-heading" className="px-4 py-16 sm:px-6 min-[800px]:py-20 lg:px-10">
      <div className="mx-auto max-w-[1180px]">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">Ready-made lines</p>
        <h2
          id="categories-heading"
          className="mt-2 max-w-2xl text-3xl font-bold tracking-tight text-text sm:text-4xl"
        >
          Something to say for every moment of your stream.
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((c, i) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => use(c)}
                className="group flex w-full items-center gap-4 rounded-2xl border border-border bg-surface p-5 text-left transition-colors hover:border-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <span
                  className="h-10 w-1.5 shrink-0 rounded-full"
                  style={{ background: ACCENTS[i % ACCENTS.length] }}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-lg font-semibold text-text">{c.display_name}</span>
                  <span className="block text-sm text-muted">
                    {c.sentence_count} ready-made {c.sentence_count === 1 ? 'line' : 'lines'}
                  </span>
                </span>
                <span className="flex items-center gap-1 text-sm font-medium text-accent">
                  Use a line <ChevronRightIcon size={16} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
