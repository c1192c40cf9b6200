import { useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  adminAdAvatars,
  adminDeleteAdAvatar,
  adminStoreAdAvatar,
  adminUpdateAdAvatar,
} from '@mouthpiece/contracts/ads/avatars.contract'
import type { AdAvatar } from '@mouthpiece/contracts/ads/avatars.contract'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { API_BASE_URL, request } from '../../../lib/api'
import { VoiceSelect, voiceLibraryQuery } from '../../voices'
import { failureText } from '../api'

const KEY = ['admin', 'ads', 'avatars']

function AvatarForm({ avatar, onDone }: { avatar?: AdAvatar; onDone: () => void }) {
  const client = useQueryClient()
  const toast = useToast()
  const file = useRef<HTMLInputElement>(null)
  const [name, setName] = useState(avatar?.name ?? '')
  const [voice, setVoice] = useState(avatar?.voice_id ?? '')
  const [active, setActive] = useState(avatar?.is_active ?? true)
  const save = useMutation({
    mutationFn: () => {
      const form = new FormData()
      form.append('name', name)
      form.append('voice_id', voice)
      form.append('is_active', String(active))
      const picked = file.current?.files?.[0]
      if (picked) form.append('file', picked)
      return avatar
        ? request(adminUpdateAdAvatar, { params: { id: avatar.id }, formData: form })
        : request(adminStoreAdAvatar, { formData: form })
    },
    onSuccess: () => {
      toast.success(avatar ? 'Ad avatar saved' : 'Ad avatar added')
      void client.invalidateQueries({ queryKey: KEY })
      onDone()
    },
  })
  return (
    <form
      className="grid gap-3 md:grid-cols-2 md:items-end xl:grid-cols-[1fr_1.6fr_1fr_auto_auto]"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      <Field label="Name" error={failureText(save.error) ?? undefined}>
        <TextInput value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
      </Field>
      <Field label="Voice">
        <VoiceSelect value={voice} onChange={setVoice} emptyLabel="Default voice" />
      </Field>
      <Field
        label={avatar ? 'New portrait' : 'Portrait'}
        hint="A clear, front-facing photo: it becomes a talking photo."
      >
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="text-sm text-muted"
          aria-label={avatar ? 'New portrait' : 'Portrait'}
        />
      </Field>
      <label className="flex items-center gap-2 pb-2 text-sm text-text">
        <input
          type="checkbox"
          className="size-4 accent-[#FF6A59]"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
        Active
      </label>
      <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
        {avatar ? 'Save' : 'Add'}
      </Button>
    </form>
  )
}

/** /admin/ad-avatars: the presenters kept for ads — list, store, update, delete (multipart). */
export function AdAvatarsPage() {
  const client = useQueryClient()
  const toast = useToast()
  const [editing, setEditing] = useState<number | null>(null)
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => request(adminAdAvatars, { signal }) })
  const voices = useQuery(voiceLibraryQuery)
  /** The voice by its library name; an id no longer in the library stays as it is. */
  const voiceName = (id: string | null) =>
    id ? (voices.data?.voices.find((v) => v.id === id)?.name ?? id) : 'Default voice'
  const remove = useMutation({
    mutationFn: (id: number) => request(adminDeleteAdAvatar, { params: { id } }),
    onSuccess: () => {
      toast.success('Ad avatar deleted')
      void client.invalidateQueries({ queryKey: KEY })
    },
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Ad avatars"
        description="Presenters creators pick for ad videos: a portrait made into a talking photo, a name and the voice they speak in."
      />
      <Card title="Add an ad avatar">
        <AvatarForm onDone={() => undefined} />
      </Card>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.error ? (
        <p role="alert" className="text-sm text-danger">
          {failureText(list.error)}
        </p>
      ) : list.data.avatars.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
          No ad avatars yet. Add the first one above.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.avatars.map((a) => (
            <li key={a.id} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3">
              <img
                src={`${API_BASE_URL}${a.image_url}`}
                alt={a.name}
                className="aspect-[3/4] w-full rounded-lg object-cover"
              />
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-text">{a.name}</span>
                {a.is_active ? <Badge tone="success">Active</Badge> : <Badge>Hidden</Badge>}
              </div>
              <span className="text-xs text-muted">
                {voiceName(a.voice_id)} · {a.width}×{a.height}
              </span>
              {/* Only a talking photo can present a video; older picture-only rows say how to fix them. */}
              {a.presenter ? (
                <span className="text-xs text-muted">
                  Talking photo · {a.presenter.landmarks} face points found in{' '}
                  {Math.round(a.presenter.detect_ms)} ms
                </span>
              ) : (
                <span className="text-xs text-danger">
                  Picture only: upload a portrait so creators can pick it.
                </span>
              )}
              {editing === a.id ? (
                <AvatarForm avatar={a} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex gap-2">
                  <Button size="sm" variant="tertiary" onClick={() => setEditing(a.id)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="quaternary"
                    destructive
                    loading={remove.isPending && remove.variables === a.id}
                    onClick={() => {
                      if (window.confirm(`Delete ${a.name}?`)) remove.mutate(a.id)
                    }}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
