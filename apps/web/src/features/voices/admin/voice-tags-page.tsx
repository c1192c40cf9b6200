import { useState } from 'react'
import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { VOICE_TAG_CATEGORIES } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceTagCategory } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { FormError, TextInput } from '../../../components/ui/field'
import { ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { useToast } from '../../../components/ui/toast'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { adminVoiceTagsQuery, useAddVoiceTag, useDeleteVoiceTag } from './voice-profiles-api'

const errorText = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

/** /admin/voice-profiles/tags: the tags users filter voices by, in five groups; add, find, delete. */
export function VoiceTagsPage() {
  const toast = useToast()
  const list = useListParams(['filter'] as const)
  const tags = useQuery(adminVoiceTagsQuery(list.filters.filter))
  const add = useAddVoiceTag()
  const remove = useDeleteVoiceTag()
  const [category, setCategory] = useState<VoiceTagCategory>('gender')
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(undefined)
    add.mutate(
      { category, name: name.trim() },
      {
        onSuccess: (r) => {
          toast.success(`Tag “${r.tag.name}” added`)
          setName('')
        },
        onError: (err) => setError(errorText(err)),
      },
    )
  }

  return (
    <div>
      <PageHeader
        title="Voice tags"
        description="Gender, age, accent, style and language tags for voice profiles."
        actions={
          <Link to={PATHS.adminVoiceProfiles} className="text-sm text-accent hover:underline">
            Back to voice profiles
          </Link>
        }
      />
      <Card title="Add a tag" className="mb-4">
        <form
          onSubmit={submit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Add a tag"
        >
          <label className="flex flex-col gap-1 text-sm text-[#c9cedb]">
            Group
            <select
              value={category}
              onChange={(e) => setCategory(e.target.value as VoiceTagCategory)}
              className="h-10 rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text capitalize focus:border-accent focus:outline-none"
            >
              {VOICE_TAG_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-1 flex-col gap-1 text-sm text-[#c9cedb]">
            Tag
            <TextInput
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={40}
              placeholder="British"
            />
          </label>
          <Button type="submit" loading={add.isPending}>
            Add tag
          </Button>
        </form>
        <FormError message={error} />
      </Card>
      <ListToolbar>
        <SearchBox
          label="Filter tags"
          placeholder="Filter by tag or group"
          value={list.filters.filter ?? ''}
          onChange={(v) => list.setFilter('filter', v)}
        />
      </ListToolbar>
      {tags.isError ? (
        <Card>
          <p className="text-sm text-danger">{errorText(tags.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void tags.refetch()}>
            Try again
          </Button>
        </Card>
      ) : tags.isPending ? (
        <div className="h-32 animate-pulse rounded-xl bg-surface-2" />
      ) : tags.data.tags.length === 0 ? (
        <Card>
          <p className="text-sm text-muted">
            {list.filters.filter ? 'No tag matches this filter.' : 'No tags yet. Add the first one above.'}
          </p>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {VOICE_TAG_CATEGORIES.map((c) => {
            const group = tags.data.tags.filter((t) => t.category === c)
            if (!group.length) return null
            return (
              <Card key={c} title={<span className="capitalize">{c}</span>}>
                <ul className="flex flex-col divide-y divide-border" aria-label={`${c} tags`}>
                  {group.map((t) => (
                    <li key={t.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                      <span className="text-text">
                        {t.name}{' '}
                        <span className="text-xs text-muted">
                          · {t.profiles} {t.profiles === 1 ? 'profile' : 'profiles'}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="quaternary"
                        loading={remove.isPending && remove.variables === t.id}
                        onClick={() =>
                          remove.mutate(t.id, {
                            onSuccess: () => toast.success(`Tag “${t.name}” deleted`),
                            onError: (e) => toast.error(errorText(e)),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </li>
                  ))}
                </ul>
              </Card>
            )
          })}
        </div>
      )}
    </div>
  )
}
