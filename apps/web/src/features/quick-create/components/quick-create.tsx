import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { DEMO_MAX_CHARS, QUICK_CREATE_MAX_CHARS } from '@mouthpiece/contracts/renders/renders.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { Button } from '../../../components/ui/button'
import { SparkIcon } from '../../../components/ui/icons'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../auth'
import { sentenceCategoriesQuery, useGenerateSentence } from '../../sentences'
import { track } from '../../tracking'
import { AvatarCanvas, AvatarSelect, usePickedAvatar } from '../../avatars'
import type { AvatarChoice } from '../../avatars'
import { EmotionPicker } from '../../../components/emotion-picker'
import { Slider, VoiceSelect } from '../../voices'
import {
  useCancelRender,
  useStartVideo,
  useRender,
  RenderProgress,
  RenderPlayer,
  ShareActions,
} from '../../renders'
import type { ProgressView } from '../../renders'
import { BackgroundPicker, DEFAULT_BACKGROUND } from '../../projects'
import type { ProjectBackground } from '@mouthpiece/contracts/projects/project-document.schemas'

/** True below the 640 px breakpoint (SPEC §9), where the stage sits above the form. */
function useNarrow(): boolean {
  const query = '(max-width: 639px)'
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches),
  )
  useEffect(() => {
    const media = window.matchMedia?.(query)
    if (!media) return
    const update = () => setNarrow(media.matches)
    media.addEventListener('change', update)
    return () => media.removeEventListener('change', update)
  }, [])
  return narrow
}

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.failure.message : error ? 'Something went wrong. Try again!' : undefined

export interface QuickCreateProps {
  /** Show the eyebrow and heading (off when the host section has its own). */
  heading?: boolean
  /** URL parameter another section sets to pick a sentence category (e.g. `?category=hype`). */
  categoryParam?: string
  /**
   * Put the keyboard's start on the line box when it mounts: a link to `#quick-create` means "type a
   * line", and the scroll alone leaves Tab at the header, twenty-odd stops away.
   */
  focusLine?: boolean
}

/**
 * Quick Create: pick an influencer (drawn live) or your own avatar, type or generate a line, choose
 * voice, emotion and intensity, Generate → live progress → the video plays here with captions →
 * download → share. Signed out it uses the capped demo (shorter lines, 720p).
 */
export function QuickCreate({
  heading = true,
  categoryParam = 'category',
  focusLine = false,
}: QuickCreateProps) {
  const { data: user } = useCurrentUser()
  const signedIn = Boolean(user)
  const [avatar, setAvatar] = useState<AvatarChoice>({})
  const picked = usePickedAvatar(avatar, signedIn)
  const [text, setText] = useState('')
  const [voiceId, setVoiceId] = useState<string>()
  const [emotion, setEmotion] = useState<Emotion>()
  const [intensity, setIntensity] = useState(0.6)
  const [renderId, setRenderId] = useState<string>()
  const [category, setCategory] = useState<string>()
  const start = useStartVideo()
  const cancel = useCancelRender()
  const followed = useRender(renderId)
  const render = followed.data?.render
  const categories = useQuery(sentenceCategoriesQuery)
  const generateLine = useGenerateSentence()
  const [params] = useSearchParams()
  const lastParam = useRef<string | null>(null)
  const textId = useId()
  const voiceFieldId = useId()
  const stageRef = useRef<HTMLDivElement>(null)
  const lineRef = useRef<HTMLTextAreaElement>(null)
  const narrow = useNarrow()
  // Mount only: the router's hash scroll has placed the section; focus must not scroll again.
  const focusLineOnMount = useRef(focusLine)
  useEffect(() => {
    if (focusLineOnMount.current) lineRef.current?.focus({ preventScroll: true })
  }, [])

  const max = signedIn ? QUICK_CREATE_MAX_CHARS : DEMO_MAX_CHARS
  const currentEmotion = emotion ?? picked?.emotion ?? 'Neutral'
  const busy = start.isPending || (render ? render.status <= 2 : false)
  const done = render?.status === 3
  const failed = render?.status === 4
  useFinishedInView(stageRef, done ? render?.id : undefined)
  const list = categories.data?.categories ?? []

  const newLine = (name: string | undefined = category ?? list[0]?.name) => {
    if (!name) return
    setCategory(name)
    generateLine.mutate(
      { category: name, exclude: text || undefined },
      {
        onSuccess: (res) => {
          setText(res.sentence.slice(0, max))
          track(TrackingEvent.refreshQuickCreate, { data: { category: res.category.name } })
        },
      },
    )
  }
  // Another section asked for a category: fetch a line from it.
  const wanted = params.get(categoryParam)
  useEffect(() => {
    if (!wanted || wanted === lastParam.current || !list.some((c) => c.name === wanted)) return
    lastParam.current = wanted
    newLine(wanted)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the requested category (or the list) changes
  }, [wanted, list])

  const [background, setBackground] = useState<ProjectBackground>(DEFAULT_BACKGROUND)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim() || busy) return
    // Generate turns disabled while the video is made, which would drop the keyboard's focus to the
    // page: the stage takes it now (progress, then the video), where the finished video lands.
    stageRef.current?.focus({ preventScroll: true })
    start.mutate(
      {
        signedIn,
        body: {
          text: text.trim(),
          ...avatar,
          voice_id: voiceId,
          emotion: currentEmotion,
          intensity,
          format: 'mp4',
          captions: true,
          ...(background.type === 'color' ? { background } : {}),
        },
      },
      {
        onSuccess: (res) => {
          setRenderId(res.render.id)
          // On narrow screens the stage sits above the form: bring the progress into view.
          if (narrow) stageRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
          track(TrackingEvent.quickCreatesMade, {
            data: { influencer: avatar.influencer_id ?? null, custom: avatar.custom_avatar_id ?? null },
          })
        },
      },
    )
  }

  const error = failureOf(start.error) ?? (failed ? render.error?.split('#')[0] : undefined)
  const tooLong = text.length > max

  return (
    <div className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-b from-[#1a1e2a] to-[#141720] p-5 shadow-2xl shadow-black/40 sm:p-8">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 h-72 w-72 rounded-full bg-accent/15 blur-3xl"
      />
      {heading ? (
        <div className="relative mb-6">
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">Quick Create</p>
          <h2 className="mt-1 text-2xl font-bold tracking-tight text-text sm:text-3xl">
            Type a line. Watch your avatar say it.
          </h2>
        </div>
      ) : null}
      <div className="relative grid gap-8 lg:grid-cols-[1.05fr_1fr]">
        <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5" aria-label="Quick Create">
          <fieldset disabled={busy} className="min-w-0">
            <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Avatar</legend>
            <AvatarSelect
              value={avatar}
              onChange={(c) => {
                setAvatar(c)
                setEmotion(undefined)
              }}
              signedIn={signedIn}
            />
          </fieldset>

          <div>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={textId} className="text-sm font-medium text-[#c9cedb]">
                Your line
              </label>
              {list.length ? (
                <div role="radiogroup" aria-label="Sentence category" className="flex flex-wrap gap-1.5">
                  {list.map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      role="radio"
                      aria-checked={c.name === category}
                      disabled={busy}
                      onClick={() => newLine(c.name)}
                      className={cn(
                        'h-7 rounded-full border px-2.5 text-xs font-medium transition-colors disabled:opacity-50',
                        c.name === category
                          ? 'border-accent bg-accent/15 text-text'
                          : 'border-border text-muted hover:text-text',
                      )}
                    >
                      {c.display_name}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
            <textarea
              ref={lineRef}
              id={textId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              disabled={busy}
              rows={3}
              placeholder="Type what your avatar should say…"
              aria-invalid={tooLong || undefined}
              aria-describedby={`${textId}-count`}
              className={cn(
                'w-full resize-none rounded-2xl border bg-[#0f1218] px-4 py-3 text-base leading-relaxed text-text placeholder:text-faint focus:border-accent focus:ring-2 focus:ring-accent/25 focus:outline-none disabled:opacity-60',
                tooLong ? 'border-danger' : 'border-border',
              )}
            />
            <div
              id={`${textId}-count`}
              className="mt-1.5 flex items-center justify-between gap-3 text-xs text-muted"
            >
              <span>
                {tooLong ? (
                  <span className="text-danger">
                    Please enter between 1 and {max} characters
                    {signedIn ? '' : '. Sign up for longer videos.'}
                  </span>
                ) : signedIn ? (
                  'Up to 1000 characters.'
                ) : (
                  'Signed out: up to 200 characters, 720p.'
                )}
              </span>
              <span className={cn('tabular-nums', tooLong && 'text-danger')}>
                {text.length}/{max}
              </span>
            </div>
            {list.length ? (
              <Button
                variant="tertiary"
                size="sm"
                className="mt-2"
                onClick={() => newLine()}
                loading={generateLine.isPending}
                disabled={busy}
                icon={<SparkIcon size={16} />}
              >
                {text ? 'Another line' : 'Generate a line'}
              </Button>
            ) : null}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={voiceFieldId} className="text-sm font-medium text-[#c9cedb]">
                Voice
              </label>
              <VoiceSelect id={voiceFieldId} value={voiceId} onChange={(v) => setVoiceId(v || undefined)} />
            </div>
            <Slider
              label="Intensity"
              value={intensity}
              min={0}
              max={1}
              step={0.05}
              onChange={setIntensity}
              format={(v) => `${Math.round(v * 100)}%`}
            />
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-[#c9cedb]">Emotion</p>
            <EmotionPicker value={currentEmotion} onChange={setEmotion} />
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-[#c9cedb]">Background</p>
            {/* The editor's picker; Quick Create (signed out too) takes its colours. */}
            <BackgroundPicker value={background} onChange={setBackground} uploads={false} />
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              size="lg"
              loading={start.isPending}
              disabled={busy || !text.trim() || tooLong}
            >
              {busy ? 'Generating…' : 'Generate video'}
            </Button>
            {error ? (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
          </div>
        </form>

        <div
          ref={stageRef}
          tabIndex={-1}
          role="region"
          aria-label="Your video"
          className="order-first flex min-w-0 scroll-mt-24 flex-col gap-4 outline-none lg:order-none"
        >
          {/* Always mounted, so screen readers hear the change when the video is done. */}
          <p className="sr-only" aria-live="polite">
            {done ? 'Your video is ready' : failed ? 'The video could not be made' : ''}
          </p>
          <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl border border-border bg-[#1B1F2A]">
            {done && render ? (
              <RenderPlayer
                files={render.files}
                title={render.title}
                autoPlay
                className="h-full rounded-none"
              />
            ) : picked ? (
              <AvatarCanvas
                look={picked.look}
                emotion={currentEmotion}
                size={narrow ? 150 : 220}
                label={`${picked.name} preview`}
              />
            ) : (
              <span className="h-40 w-40 animate-pulse rounded-full bg-[#232838]" />
            )}
            {!done && text.trim() ? (
              <p className="pointer-events-none absolute inset-x-6 bottom-4 line-clamp-2 text-center text-lg font-extrabold text-white [text-shadow:0_2px_0_#000,0_0_6px_#000]">
                {text.trim()}
              </p>
            ) : null}
          </div>
          {render && !done && !failed ? (
            <RenderProgress
              render={render}
              onCancel={() => cancel.mutate(render.id)}
              cancelling={cancel.isPending}
            />
          ) : null}
          {start.isPending && !render ? <RenderProgress render={PENDING} /> : null}
          {done && render ? (
            <div className="flex flex-col gap-3">
              <ShareActions
                id={render.id}
                downloadPath={render.files.video_url}
                onDownload={() => track(TrackingEvent.quickCreatesDownloaded)}
              />
              <button
                type="button"
                className="self-start text-sm text-muted hover:text-text"
                onClick={() => setRenderId(undefined)}
              >
                Make another
              </button>
            </div>
          ) : !render ? (
            <p className="text-sm text-muted">
              {picked
                ? `${picked.name} will lip-sync every word, with captions timed to the speech.`
                : 'Pick an avatar to start.'}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** Shown between the click and the server's answer. */
const PENDING: ProgressView = {
  progress: 0,
  status: 2,
  status_label: 'Wait',
  flow_name: 'beforeGenerate',
  stage: 'sending',
  queue_status: 'wait',
  attempts: 0,
}

/**
 * A finished video is brought into view (the stage may sit above the fold, or above the form on a
 * phone) and the stage takes the focus the disabled Generate button dropped, once per render.
 */
function useFinishedInView(stageRef: React.RefObject<HTMLDivElement | null>, finishedId: string | undefined) {
  const shown = useRef<string | undefined>(undefined)
  useEffect(() => {
    const stage = stageRef.current
    if (!finishedId || !stage || shown.current === finishedId) return
    shown.current = finishedId
    const box = stage.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight)
      stage.scrollIntoView({ behavior: 'smooth', block: 'nearest' })
    stage.focus({ preventScroll: true })
  }, [stageRef, finishedId])
}
