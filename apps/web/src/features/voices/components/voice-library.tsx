import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { LIBRARY_GROUPS, LIBRARY_GROUP_LABELS } from '@mouthpiece/contracts/voices/voice-library.contract'
import type { LibraryTag, LibraryVoice } from '@mouthpiece/contracts/voices/voice-library.contract'
import { VOICE_TAG_CATEGORIES } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { cn } from '../../../lib/cn'
import { voiceLibraryQuery } from '../api'
import { useVoicePlayer } from './use-voice-player'

const control =
  'h-10 w-full min-w-0 rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:ring-2 focus:ring-accent/25 focus:outline-none'
const small =
  'h-8 min-w-0 rounded-md border border-border bg-[#11141c] px-2 text-xs text-text focus:border-accent focus:outline-none'

const tagKey = (t: LibraryTag) => `${t.category}:${t.name}`

/** What a voice is called in the drop-down: a profile keeps its tags, the others their one-line detail. */
export function optionLabel(v: LibraryVoice): string {
  if (v.group === 'profile')
    return v.tags.length ? `${v.name} · ${v.tags.map((t) => t.name).join(', ')}` : v.name
  return `${v.name} (${v.detail})`
}

/** Search by name, detail or tag; a tag filter matches its group and name (any case). */
export function filterVoices(voices: LibraryVoice[], search: string, tag: string): LibraryVoice[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const wanted = tag.toLowerCase()
  return voices.filter((v) => {
    if (wanted && !v.tags.some((t) => tagKey(t).toLowerCase() === wanted)) return false
    const text = [v.name, v.detail, ...v.tags.map((t) => t.name)].join(' ').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

function PlayButton({ voice, player }: { voice: LibraryVoice; player: ReturnType<typeof useVoicePlayer> }) {
  const state = player.loading === voice.id ? 'loading' : player.playing === voice.id ? 'playing' : 'idle'
  return (
    <button
      type="button"
      aria-label={`${state === 'playing' ? 'Stop' : 'Play'} ${voice.name}`}
      onClick={() => void player.play(voice)}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-border bg-surface-2 text-text hover:border-accent hover:text-accent"
    >
      {state === 'loading' ? (
        <span className="h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : state === 'playing' ? (
        <span aria-hidden className="h-2.5 w-2.5 rounded-sm bg-current" />
      ) : (
        <svg aria-hidden viewBox="0 0 12 12" className="ml-0.5 h-3 w-3 fill-current">
          <path d="M2 1l9 5-9 5z" />
        </svg>
      )}
    </button>
  )
}

/**
 * The one voice picker (Quick Create, the editor, alert settings and setups, ads): the caller's own
 * voices first, then voice profiles, creators' voices and the curated engine voices, the rest
 * behind "More voices". The drop-down keeps keyboard and form use simple; "Browse voices" opens
 * the library with search, tags and a play button per voice.
 */
export function VoiceSelect({
  value,
  onChange,
  id,
  emptyLabel = "The avatar's own voice",
  label,
}: {
  value: string | undefined
  onChange: (id: string) => void
  id?: string
  /** null: a voice must be chosen (no empty choice). */ emptyLabel?: string | null
  label?: string
}) {
  const { data, isPending, isError } = useQuery(voiceLibraryQuery)
  const [search, setSearch] = useState('')
  const [tag, setTag] = useState('')
  const [more, setMore] = useState(false)
  const [open, setOpen] = useState(false)
  const player = useVoicePlayer()
  const all = useMemo(() => data?.voices ?? [], [data])
  const matching = filterVoices(all, search, tag)
  // Searching or filtering looks through every voice; otherwise the rest waits behind "More voices".
  const shown = matching.filter((v) => v.curated || more || search.trim() || tag)
  const hidden = matching.length - shown.length
  const selected = all.find((v) => v.id === value)
  const inList = (list: LibraryVoice[]) =>
    selected && !list.some((v) => v.id === selected.id) ? [selected, ...list] : list
  const options = inList(shown)
  const tags = useMemo(() => {
    const seen = new Map<string, LibraryTag>()
    for (const v of all) for (const t of v.tags) seen.set(tagKey(t).toLowerCase(), t)
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name))
  }, [all])

  return (
    <div className="flex flex-col gap-1.5" data-testid="voice-library">
      <div className="flex items-center gap-2">
        <select
          id={id}
          aria-label={label}
          className={control}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          disabled={isPending}
        >
          {emptyLabel !== null || isPending ? (
            <option value="">{isPending ? 'Loading voices…' : emptyLabel}</option>
          ) : null}
          {LIBRARY_GROUPS.map((group) => {
            const list = options.filter((v) => v.group === group)
            return list.length ? (
              <optgroup key={group} label={LIBRARY_GROUP_LABELS[group]}>
                {list.map((v) => (
                  <option key={v.id} value={v.id}>
                    {optionLabel(v)}
                  </option>
                ))}
              </optgroup>
            ) : null
          })}
        </select>
        {selected ? <PlayButton voice={selected} player={player} /> : null}
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="h-10 shrink-0 rounded-lg border border-border bg-surface-2 px-3 text-xs font-medium text-text hover:bg-[#272c3b]"
        >
          {open ? 'Close' : 'Browse voices'}
        </button>
      </div>
      {isError ? <p className="text-xs text-danger">The voices could not be loaded.</p> : null}
      {player.error ? (
        <p role="alert" className="text-xs text-danger">
          {player.error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        {open ? (
          <input
            type="search"
            aria-label="Search voices"
            placeholder="Search voices"
            className={cn(small, 'flex-1')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        ) : null}
        <select
          aria-label="Filter voices by tag"
          className={cn(small, 'flex-1')}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
        >
          <option value="">Any tag</option>
          {VOICE_TAG_CATEGORIES.map((c) => {
            const list = tags.filter((t) => t.category === c)
            return list.length ? (
              <optgroup key={c} label={c}>
                {list.map((t) => (
                  <option key={tagKey(t)} value={tagKey(t)}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ) : null
          })}
        </select>
        {tag || search.trim() ? (
          <span className="whitespace-nowrap" data-testid="voice-filter-count">
            {matching.length} {matching.length === 1 ? 'voice' : 'voices'}
          </span>
        ) : null}
      </div>
      {open ? (
        <div className="max-h-80 overflow-y-auto rounded-lg border border-border bg-[#0f1219]">
          {LIBRARY_GROUPS.map((group) => {
            const list = shown.filter((v) => v.group === group)
            return list.length ? (
              <section key={group} aria-label={LIBRARY_GROUP_LABELS[group]}>
                <h4 className="sticky top-0 bg-[#0f1219] px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
                  {LIBRARY_GROUP_LABELS[group]}
                </h4>
                <ul>
                  {list.map((v) => (
                    <li
                      key={v.id}
                      data-testid="library-voice"
                      aria-current={v.id === value || undefined}
                      className={cn(
                        'flex items-center gap-3 px-3 py-2',
                        v.id === value ? 'bg-accent/10' : 'hover:bg-surface-2',
                      )}
                    >
                      <PlayButton voice={v} player={player} />
                      <div className="min-w-0 flex-1">
                        <div className="truncate text-sm text-text">{v.name}</div>
                        <div className="truncate text-xs text-muted">{v.detail}</div>
                        {v.tags.length ? (
                          <div className="mt-1 flex flex-wrap gap-1">
                            {v.tags.map((t) => (
                              <button
                                key={tagKey(t)}
                                type="button"
                                title={`Only ${t.category}: ${t.name}`}
                                onClick={() => setTag(tagKey(t))}
                                className="rounded-full border border-border px-1.5 text-[10px] text-muted hover:border-accent hover:text-accent"
                              >
                                {t.name}
                              </button>
                            ))}
                          </div>
                        ) : null}
                      </div>
                      <button
                        type="button"
                        aria-pressed={v.id === value}
                        aria-label={`Use ${v.name}`}
                        onClick={() => onChange(v.id)}
                        className={cn(
                          'h-8 shrink-0 rounded-md px-3 text-xs font-medium',
                          v.id === value
                            ? 'bg-accent text-white'
                            : 'border border-border text-text hover:bg-[#272c3b]',
                        )}
                      >
                        {v.id === value ? 'Chosen' : 'Use'}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null
          })}
          {!shown.length ? <p className="px-3 py-4 text-sm text-muted">No voice matches.</p> : null}
          {hidden > 0 || more ? (
            <button
              type="button"
              onClick={() => setMore(!more)}
              className="w-full border-t border-border px-3 py-2 text-left text-xs font-medium text-accent hover:bg-surface-2"
            >
              {more ? 'Fewer voices' : `More voices (${hidden})`}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
