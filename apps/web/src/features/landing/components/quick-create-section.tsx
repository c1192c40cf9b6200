import { useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { SENTENCE_MAX_LENGTH } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { Button, ButtonLink } from '../../../components/ui/button'
import { SparkIcon } from '../../../components/ui/icons'
import { cn } from '../../../lib/cn'
import { ApiError } from '../../../lib/api'
import { useCurrentUser } from '../../auth/api'
import { sentenceCategoriesQuery, useGenerateSentence } from '../../sentences/api'
import { track } from '../../tracking/api'

/** The URL parameter other sections set to pick a category here (e.g. `?category=hype#quick-create`). */
export const QUICK_CREATE_CATEGORY_PARAM = 'category'
export const QUICK_CREATE_ANCHOR = 'quick-create'

const SIGN_UP_LINK = '/login?mode=register'

/**
 * The Quick Create slot (anchor #quick-create). Until the real Quick Create (text → talking-avatar
 * video) is built into this component, it is the honest part of it: pick a category, get a real
 * ready-made line from the server, edit it, and sign up to turn it into a video. No preview is
 * shown that was not made from the visitor's own text.
 */
export function QuickCreateSection() {
  const categories = useQuery(sentenceCategoriesQuery)
  const generate = useGenerateSentence()
  const { data: user } = useCurrentUser()
  const [params] = useSearchParams()
  const [category, setCategory] = useState<string>()
  const [text, setText] = useState('')
  const headingId = useId()
  const textId = useId()
  const lastParam = useRef<string | null>(null)

  const list = categories.data?.categories ?? []
  const selected = category ?? list[0]?.name

  const newLine = (name: string | undefined = selected) => {
    if (!name) return
    setCategory(name)
    generate.mutate(
      { category: name, exclude: text || undefined },
      {
        onSuccess: (res) => {
          setText(res.sentence)
          track(TrackingEvent.refreshQuickCreate, { data: { category: res.category.name } })
        },
      },
    )
  }

  // Another section asked for a category: select it and fetch a line from it.
  const wanted = params.get(QUICK_CREATE_CATEGORY_PARAM)
  useEffect(() => {
    if (!wanted || wanted === lastParam.current || !list.some((c) => c.name === wanted)) return
    lastParam.current = wanted
    newLine(wanted)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the requested category (or the list) changes
  }, [wanted, list])

  const failure = generate.error instanceof ApiError ? generate.error.failure.message : generate.error ? 'Something went wrong. Try again!' : undefined

  return (
    <section id={QUICK_CREATE_ANCHOR} aria-labelledby={headingId} className="scroll-mt-28 px-4 py-16 sm:px-6 min-[800px]:py-24 lg:px-10">
      <div className="mx-auto max-w-[1180px]">
        <div className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-b from-[#1a1e2a] to-[#141720] p-6 shadow-2xl shadow-black/40 sm:p-10">
          <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-24 h-72 w-72 rounded-full bg-accent/15 blur-3xl" />
          <div className="relative grid gap-10 min-[800px]:grid-cols-[1.35fr_1fr]">
            <div>
              <p className="text-sm font-semibold tracking-wider text-accent uppercase">Quick Create</p>
              <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl">
                Start with a line.
              </h2>
              <p className="mt-3 max-w-xl text-[#b4bac8]">
                Pick a moment, get a ready-made line, make it yours. This is the script your avatar will speak.
              </p>

              <div role="radiogroup" aria-label="Sentence category" className="mt-6 flex flex-wrap gap-2">
                {categories.isPending
                  ? Array.from({ length: 5 }, (_, i) => <span key={i} className="h-9 w-28 animate-pulse rounded-full bg-[#232838]" />)
                  : list.map((c) => {
                      const on = c.name === selected
                      return (
                        <button
                          key={c.id}
                          type="button"
                          role="radio"
                          aria-checked={on}
                          onClick={() => newLine(c.name)}
                          className={cn(
                            'h-9 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                            on ? 'border-accent bg-accent/15 text-text' : 'border-border bg-[#11141c] text-[#b4bac8] hover:border-[#3a4154] hover:text-text',
                          )}
                        >
                          {c.display_name}
                        </button>
                      )
                    })}
              </div>
              {categories.isError ? (
                <p role="alert" className="mt-3 text-sm text-danger">
                  Ready-made lines are not available right now. You can still write your own.{' '}
                  <button type="button" className="underline" onClick={() => void categories.refetch()}>
                    Try again
                  </button>
                </p>
              ) : null}

              <label htmlFor={textId} className="mt-6 block text-sm font-medium text-[#c9cedb]">
                Your line
              </label>
              <textarea
                id={textId}
                value={text}
                maxLength={SENTENCE_MAX_LENGTH}
                onChange={(e) => setText(e.target.value)}
                placeholder="Type what your avatar should say, or generate a line above…"
                rows={4}
                className="mt-2 w-full resize-none rounded-2xl border border-border bg-[#0f1218] px-4 py-3 text-lg leading-relaxed text-text placeholder:text-[#5d6577] focus:border-accent focus:ring-2 focus:ring-accent/25 focus:outline-none"
              />
              <div className="mt-2 flex items-center justify-between text-xs text-muted">
                <span>{failure ? <span className="text-danger">{failure}</span> : 'Edit it freely — it is your script.'}</span>
                <span className="tabular-nums">
                  {text.length}/{SENTENCE_MAX_LENGTH}
                </span>
              </div>
              <div className="mt-5 flex flex-wrap gap-3">
                <Button variant="secondary" size="lg" onClick={() => newLine()} loading={generate.isPending} disabled={!selected} icon={<SparkIcon size={18} />}>
                  {text ? 'Another line' : 'Generate a line'}
                </Button>
                {user ? (
                  <ButtonLink to="/dashboard" size="lg">
                    Continue in your dashboard
                  </ButtonLink>
                ) : (
                  <ButtonLink to={SIGN_UP_LINK} size="lg">
                    Make it a video — sign up free
                  </ButtonLink>
                )}
              </div>
            </div>

            <ol className="flex flex-col justify-center gap-5 border-t border-border pt-8 min-[800px]:border-t-0 min-[800px]:border-l min-[800px]:pt-0 min-[800px]:pl-10">
              {[
                ['Your line', 'Pick a ready-made line or write your own, up to 300 characters.'],
                ['Voice and avatar', 'Choose a voice and an avatar; the avatar lip-syncs every word.'],
                ['Captions and download', 'Captions are timed to the speech. Download the video or use it as an alert.'],
              ].map(([title, body], i) => (
                <li key={title} className="flex gap-4">
                  <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold', i === 0 ? 'bg-accent text-white' : 'bg-[#232838] text-[#c9cedb]')}>
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-text">{title}</p>
                    <p className="mt-0.5 text-sm text-muted">{body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </section>
  )
}
