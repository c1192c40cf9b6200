import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, FormError, Switch, TextArea, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import {
  baseBlacklistQuery,
  profanityQuery,
  useSaveBadWords,
  useSaveProfanitySetting,
  useSaveWhiteList,
} from '../api'

const toLines = (words: string[]) => words.join('\n')
const fromLines = (text: string) =>
  text
    .split('\n')
    .map((w) => w.trim())
    .filter(Boolean)

/** One admin word list as a textarea, one word a line, saved as a whole. */
function WordListCard({
  title,
  description,
  words,
  save,
  testId,
}: {
  title: string
  description: string
  words: string[]
  save: ReturnType<typeof useSaveBadWords>
  testId: string
}) {
  const [text, setText] = useState(toLines(words))
  const toast = useToast()
  useEffect(() => setText(toLines(words)), [words])
  const count = fromLines(text).length
  const submit = async () => {
    try {
      await save.mutateAsync(fromLines(text))
      toast.success(`${title} saved (${count} word${count === 1 ? '' : 's'})`)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }
  return (
    <Card
      title={title}
      description={description}
      actions={
        <Button
          size="sm"
          loading={save.isPending}
          disabled={text === toLines(words)}
          onClick={() => void submit()}
        >
          Save {title.toLowerCase()}
        </Button>
      }
    >
      <div data-testid={testId}>
        <Field label={`${count} word${count === 1 ? '' : 's'}, one a line`} error={save.error?.message}>
          <TextArea
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            className="font-mono text-sm"
          />
        </Field>
      </div>
    </Card>
  )
}

/** /admin/profanity-filter: the built-in list, the admin black and white lists and the filter setting (SPEC §7). */
export function ProfanityFilterPage() {
  const query = useQuery(profanityQuery)
  const base = useQuery(baseBlacklistQuery)
  const saveBad = useSaveBadWords()
  const saveWhite = useSaveWhiteList()
  const saveSetting = useSaveProfanitySetting()
  const toast = useToast()
  const [maxChars, setMaxChars] = useState('')
  useEffect(() => {
    if (query.data) setMaxChars(String(query.data.setting.max_chars))
  }, [query.data])

  if (query.isPending) return <LoadingBlock />
  if (query.isError) return <FormError message={query.error.message} />
  const { setting, bad, white } = query.data
  const adminWords = new Set(bad)
  const builtIn = (base.data ?? []).filter((w) => !adminWords.has(w))

  const saveSettingWith = async (change: { enabled?: boolean; max_chars?: number }) => {
    try {
      await saveSetting.mutateAsync(change)
      toast.success(
        change.enabled === undefined
          ? 'Longest alert saved'
          : change.enabled
            ? 'Profanity filter on'
            : 'Profanity filter off',
      )
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Profanity filter"
        description="What spoken alerts may say. Creators add their own lists on top of these; the white list wins over every black list."
      />
      <Card title="Filter setting">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <Switch
            checked={setting.enabled}
            disabled={saveSetting.isPending}
            onChange={(on) => void saveSettingWith({ enabled: on })}
            label="Filter alerts"
            description={
              setting.enabled
                ? 'Words on the black lists are removed before an alert is spoken.'
                : 'Off: no alert is filtered, creator lists included.'
            }
          />
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              void saveSettingWith({ max_chars: Number(maxChars) })
            }}
          >
            <Field
              label="Longest alert (characters)"
              error={
                saveSetting.error instanceof ApiError
                  ? saveSetting.error.failure.errors?.max_chars?.[0]
                  : undefined
              }
            >
              <TextInput
                type="number"
                min={10}
                max={1000}
                value={maxChars}
                onChange={(e) => setMaxChars(e.target.value)}
                className="w-32"
              />
            </Field>
            <Button type="submit" variant="secondary" disabled={maxChars === String(setting.max_chars)}>
              Save
            </Button>
          </form>
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <WordListCard
          title="Bad-word list"
          description="Removed from every alert, for every creator."
          words={bad}
          save={saveBad}
          testId="bad-words"
        />
        <WordListCard
          title="White list"
          description="Never removed, even when a black list has them."
          words={white}
          save={saveWhite}
          testId="white-list"
        />
      </div>
      <Card
        title="Built-in list"
        description={`${builtIn.length} words ship with Mouthpiece; creators can switch these off for their own alerts.`}
      >
        {base.isPending ? (
          <LoadingBlock />
        ) : (
          // A scrolling box keyboard users can reach and scroll (WCAG 2.1.1): focusable, named.
          <ul
            className="flex max-h-56 flex-wrap gap-1.5 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="base-list"
            tabIndex={0}
            aria-label="Built-in words"
          >
            {builtIn.map((w) => (
              <li key={w}>
                <Badge>{w}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
