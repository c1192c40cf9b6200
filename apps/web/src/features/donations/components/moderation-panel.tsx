import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { DonationSettings, ModerationSettings } from '@mouthpiece/contracts/donations/donations.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, FormError, Switch, TextArea, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import {
  baseListQuery,
  useCheckModeration,
  useSaveBlackList,
  useSaveWhiteList,
  useToggleBaseList,
  useUpdateSettings,
} from '../api'
import { wordsFromText } from '../format'
import { messageOf } from './panel-state'

type Rules = Pick<ModerationSettings, 'action' | 'approval' | 'max_chars' | 'strip_links'>

function WordList({
  label,
  hint,
  words,
  onSave,
  saving,
}: {
  label: string
  hint: string
  words: string[]
  onSave: (w: string[]) => void
  saving: boolean
}) {
  const [text, setText] = useState(words.join('\n'))
  const changed = wordsFromText(text).join('\n') !== words.join('\n')
  return (
    <div className="flex flex-col gap-2">
      <Field label={label} hint={hint}>
        <TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="One word or phrase per line"
          className="min-h-24 font-mono text-xs"
        />
      </Field>
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!changed}
          loading={saving}
          onClick={() => onSave(wordsFromText(text))}
        >
          Save {label.toLowerCase()}
        </Button>
      </div>
    </div>
  )
}

function TryFilter() {
  const check = useCheckModeration()
  const [text, setText] = useState('')
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border border-border bg-[#141720] p-4"
      onSubmit={(e) => {
        e.preventDefault()
        if (text.trim()) check.mutate(text)
      }}
    >
      <Field label="Try the filter">
        <TextInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Type a message as a viewer would"
        />
      </Field>
      <div>
        <Button size="sm" variant="tertiary" type="submit" loading={check.isPending}>
          Check
        </Button>
      </div>
      {check.data ? (
        <p role="status" className="text-sm text-text">
          {check.data.skip ? (
            <span className="text-warning">This alert would be skipped.</span>
          ) : (
            <>
              Spoken as: <span className="font-medium">“{check.data.spoken || '(nothing)'}”</span>
            </>
          )}
          {check.data.matches.length ? (
            <span className="block text-xs text-muted">Matched: {check.data.matches.join(', ')}</span>
          ) : null}
        </p>
      ) : null}
      <FormError message={messageOf(check.error)} />
    </form>
  )
}

/** What the profanity filter does to messages before they are spoken. */
export function ModerationPanel({ settings }: { settings: DonationSettings }) {
  const toast = useToast()
  const m = settings.moderation
  const base = useQuery(baseListQuery)
  const toggle = useToggleBaseList()
  const black = useSaveBlackList()
  const white = useSaveWhiteList()
  const save = useUpdateSettings()
  const [rules, setRules] = useState<Rules>({
    action: m.action,
    approval: m.approval,
    max_chars: m.max_chars,
    strip_links: m.strip_links,
  })
  const [showBase, setShowBase] = useState(false)
  const rulesChanged =
    rules.action !== m.action ||
    rules.approval !== m.approval ||
    rules.max_chars !== m.max_chars ||
    rules.strip_links !== m.strip_links
  const fail = (e: unknown) => toast.error(messageOf(e))

  return (
    <Card
      id="profanity"
      title="Profanity filter"
      description="Runs on every message (and name) before it is spoken, catching leetspeak, spacing and look-alike letters."
    >
      <div className="flex flex-col gap-6">
        <div>
          <Switch
            checked={m.use_base_list}
            disabled={toggle.isPending}
            onChange={(v) => toggle.mutate(v, { onError: fail })}
            label="Use the base blacklist"
            description="Our built-in list of slurs and swear words, plus the words the site's moderators add."
          />
          <button
            type="button"
            className="mt-2 text-xs font-medium text-accent hover:underline"
            aria-expanded={showBase}
            onClick={() => setShowBase((v) => !v)}
          >
            {showBase ? 'Hide the base list' : 'Show the base list'}
          </button>
          {showBase ? (
            <p className="mt-2 max-h-32 overflow-y-auto rounded-lg border border-border bg-[#11141c] p-3 font-mono text-xs text-muted blur-[3px] transition hover:blur-none">
              {base.data
                ? base.data.join(', ') || '(empty)'
                : base.error
                  ? messageOf(base.error)
                  : 'Loading…'}
            </p>
          ) : null}
        </div>

        <div className="grid gap-5 md:grid-cols-2">
          <WordList
            label="Black list"
            hint="Your own words to filter, on top of the base list."
            words={m.black_list}
            saving={black.isPending}
            onSave={(w) =>
              black.mutate(w, { onSuccess: () => toast.success('Black list saved'), onError: fail })
            }
          />
          <WordList
            label="White list"
            hint="Words that are never filtered, even if a list has them."
            words={m.white_list}
            saving={white.isPending}
            onSave={(w) =>
              white.mutate(w, { onSuccess: () => toast.success('White list saved'), onError: fail })
            }
          />
        </div>

        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(
              { moderation: rules },
              { onSuccess: () => toast.success('Filter settings saved'), onError: fail },
            )
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-[#c9cedb]">
              When a message has a filtered word
            </legend>
            <div className="flex flex-col gap-2 sm:flex-row">
              {(
                [
                  ['beep', 'Replace the word with “beep”'],
                  ['skip', 'Skip the whole alert'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    'flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                    rules.action === value
                      ? 'border-accent bg-accent/10 text-text'
                      : 'border-border text-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="profanity-action"
                    value={value}
                    checked={rules.action === value}
                    onChange={() => setRules({ ...rules, action: value })}
                    className="accent-[#FF6A59]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Hold alerts for my approval">
              <select
                value={rules.approval}
                onChange={(e) => setRules({ ...rules, approval: e.target.value as Rules['approval'] })}
                className="h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none"
              >
                <option value="off">Never</option>
                <option value="flagged">Only when the filter flags them</option>
                <option value="all">Always (approve each in the Activity Feed)</option>
              </select>
            </Field>
            <Field label="Longest spoken message (characters)">
              <TextInput
                type="number"
                min={10}
                max={500}
                value={rules.max_chars}
                onChange={(e) => setRules({ ...rules, max_chars: Number(e.target.value) })}
              />
            </Field>
          </div>
          <Switch
            checked={rules.strip_links}
            onChange={(v) => setRules({ ...rules, strip_links: v })}
            label="Remove links"
            description="Web addresses are never read aloud."
          />
          <div>
            <Button type="submit" disabled={!rulesChanged} loading={save.isPending}>
              Save filter settings
            </Button>
          </div>
        </form>
        <TryFilter />
      </div>
    </Card>
  )
}
