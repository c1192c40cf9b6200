import { useDeferredValue, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import type { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import { uploadCustomStyle } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { API_BASE_URL } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { uploadFile } from '../../../lib/upload'
import {
  customAvatarsQuery,
  useDeleteAvatar,
  useGenerateAvatar,
  useReloadAvatars,
  useRetryAvatar,
  useUpdateAvatar,
} from '../api'
import { PhotoAvatarPanel } from '../components/photo-avatar-panel'
import { defaultPromptsQuery } from '../default-prompts-api'
import { SpeakingPreview, errorMessage as message } from '../components/speaking-preview'

const EMPTY: LookPrompt = {
  wearing: '',
  style: '',
  inspired: '',
  color: '',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}

/** SPEC §3 look prompt fields, with what each one is for. */
const FIELDS: Array<{
  key: Exclude<keyof LookPrompt, 'positivePrompt' | 'negativePrompt'>
  label: string
  placeholder: string
}> = [
  { key: 'wearing', label: 'Wearing', placeholder: 'a hoodie and headphones' },
  { key: 'style', label: 'Style', placeholder: 'anime, modern' },
  { key: 'inspired', label: 'Inspired by', placeholder: 'a cyberpunk hacker' },
  { key: 'color', label: 'Colours', placeholder: 'teal clothes, pink hair' },
  { key: 'modifier1', label: 'Modifier 1', placeholder: 'glasses' },
  { key: 'modifier2', label: 'Modifier 2', placeholder: 'freckles' },
]

type Mode = 'cartoon' | 'photo'

/** /avatar-editor: design a custom avatar from the look prompt or a talking photo from a portrait, see it live, save it. */
/** SPEC "custom style upload": the avatar takes the colours of a picture (a jersey, a logo). */
function StyleUpload({ avatar, onStyled }: { avatar: CustomAvatar; onStyled: (a: CustomAvatar) => void }) {
  const toast = useToast()
  const reload = useReloadAvatars()
  const [busy, setBusy] = useState(false)
  const send = async (file: File | undefined) => {
    if (!file) return
    setBusy(true)
    const r = await uploadFile(uploadCustomStyle, file, { params: { id: avatar.id } })
    setBusy(false)
    if (r.status !== 1) return toast.error(r.message)
    void reload()
    onStyled(r.avatar)
    toast.success(`Dressed in ${r.colours.join(' and ')}`)
  }
  return (
    <label className="inline-flex cursor-pointer items-center rounded-lg border border-border px-3 text-sm text-text hover:bg-surface-2">
      {busy ? 'Reading colours…' : 'Style from a picture'}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(e) => void send(e.target.files?.[0])}
      />
    </label>
  )
}

export function AvatarEditorPage() {
  const toast = useToast()
  const mine = useQuery(customAvatarsQuery)
  const generate = useGenerateAvatar()
  const retry = useRetryAvatar()
  const update = useUpdateAvatar()
  const remove = useDeleteAvatar()
  const [mode, setMode] = useState<Mode>('cartoon')
  const [photoAvatar, setPhotoAvatar] = useState<CustomAvatar>()
  const [prompt, setPrompt] = useState<LookPrompt>(EMPTY)
  const starters = useQuery(defaultPromptsQuery)
  const [name, setName] = useState('My avatar')
  const [editing, setEditing] = useState<CustomAvatar>()
  const deferred = useDeferredValue(prompt)

  const unchanged = editing && JSON.stringify(editing.prompt) === JSON.stringify(prompt)
  const look = useMemo(
    () => (unchanged && editing ? editing.look : lookFromPrompt(deferred)),
    [deferred, unchanged, editing],
  )
  const set = (key: keyof LookPrompt) => (value: string) => setPrompt((p) => ({ ...p, [key]: value }))

  const load = (a: CustomAvatar) => {
    if (a.look.photo) {
      setMode('photo')
      setPhotoAvatar(a)
      return
    }
    setMode('cartoon')
    setEditing(a)
    setPrompt({ ...EMPTY, ...a.prompt })
    setName(a.name)
  }
  const save = () => {
    if (editing) {
      update.mutate(
        { id: editing.id, name, prompt },
        {
          onSuccess: (r) => {
            setEditing(r.avatar)
            toast.success('Avatar saved')
          },
          onError: (e) => toast.error(message(e)),
        },
      )
    } else {
      generate.mutate(
        { name, prompt },
        {
          onSuccess: (r) => {
            setEditing(r.avatar)
            toast.success('Avatar created')
          },
          onError: (e) => toast.error(message(e)),
        },
      )
    }
  }

  return (
    <div>
      <PageHeader
        title="Avatar editor"
        description={
          mode === 'cartoon'
            ? 'Describe your avatar. The same words always draw the same character; the negative prompt removes what you do not want.'
            : 'Turn a portrait into a talking photo avatar.'
        }
      />
      <div
        role="tablist"
        aria-label="Avatar kind"
        className="mb-5 inline-flex rounded-xl border border-border bg-[#11141c] p-1"
      >
        {(['cartoon', 'photo'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              'rounded-lg px-4 py-1.5 text-sm font-semibold transition-colors',
              mode === m ? 'bg-accent text-on-accent' : 'text-muted hover:text-text',
            )}
          >
            {m === 'cartoon' ? 'Cartoon avatar' : 'Photo avatar'}
          </button>
        ))}
      </div>
      {mode === 'photo' ? (
        <PhotoAvatarPanel avatar={photoAvatar} onChange={setPhotoAvatar} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
          <Card>
            <form
              className="grid gap-4 sm:grid-cols-2"
              onSubmit={(e) => {
                e.preventDefault()
                save()
              }}
            >
              <Field label="Name" className="sm:col-span-2">
                <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
              </Field>
              {starters.data?.prompts.length ? (
                <div className="flex flex-wrap items-center gap-1.5 sm:col-span-2" aria-label="Start from">
                  <span className="text-xs text-muted">Start from</span>
                  {starters.data.prompts.map((d) => (
                    <button
                      key={d.label}
                      type="button"
                      onClick={() => setPrompt({ ...EMPTY, ...d.prompt })}
                      className="rounded-full border border-border px-2.5 py-0.5 text-xs text-muted hover:border-accent hover:text-accent"
                    >
                      {d.label}
                    </button>
                  ))}
                </div>
              ) : null}
              {FIELDS.map((f) => (
                <Field key={f.key} label={f.label}>
                  <TextInput
                    value={prompt[f.key]}
                    maxLength={200}
                    placeholder={f.placeholder}
                    onChange={(e) => set(f.key)(e.target.value)}
                  />
                </Field>
              ))}
              <Field label="Positive prompt" className="sm:col-span-2">
                <TextArea
                  value={prompt.positivePrompt}
                  maxLength={1000}
                  placeholder="a friendly streamer with a scar and earrings"
                  onChange={(e) => set('positivePrompt')(e.target.value)}
                />
              </Field>
              <Field
                label="Negative prompt"
                hint="Words here remove features, e.g. “hat, beard, glasses”."
                className="sm:col-span-2"
              >
                <TextInput
                  value={prompt.negativePrompt}
                  maxLength={1000}
                  placeholder="hat, beard"
                  onChange={(e) => set('negativePrompt')(e.target.value)}
                />
              </Field>
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button type="submit" loading={generate.isPending || update.isPending}>
                  {editing ? 'Save changes' : 'Save avatar'}
                </Button>
                {editing ? (
                  <>
                    <Button
                      variant="secondary"
                      loading={retry.isPending}
                      onClick={() =>
                        retry.mutate(editing.id, {
                          onSuccess: (r) => load(r.avatar),
                          onError: (e) => toast.error(message(e)),
                        })
                      }
                    >
                      Another take
                    </Button>
                    <StyleUpload avatar={editing} onStyled={load} />
                    <Button
                      variant="quaternary"
                      onClick={() => {
                        setEditing(undefined)
                        setPrompt(EMPTY)
                        setName('My avatar')
                      }}
                    >
                      New avatar
                    </Button>
                  </>
                ) : null}
              </div>
            </form>
          </Card>
          <Card
            title="Preview"
            description="Drawn live in your browser by the same code that renders your videos."
          >
            <SpeakingPreview look={look} name={name} label="Custom avatar preview" />
          </Card>
        </div>
      )}
      <Card title="My avatars" className="mt-6">
        {mine.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : !mine.data?.avatars.length ? (
          <p className="text-sm text-muted">
            You have no custom avatars yet. Describe one above and save it.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {mine.data.avatars.map((a) => (
              <li
                key={a.id}
                className={cn(
                  'flex flex-col items-center gap-2 rounded-xl border p-3',
                  editing?.id === a.id || photoAvatar?.id === a.id ? 'border-accent' : 'border-border',
                )}
              >
                <img
                  src={`${API_BASE_URL}${a.preview_url}`}
                  alt={`${a.name}`}
                  width={96}
                  height={96}
                  className="h-24 w-24"
                />
                <span className="max-w-full truncate text-sm font-medium text-text">{a.name}</span>
                <div className="flex gap-1">
                  <Button size="sm" variant="tertiary" onClick={() => load(a)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="quaternary"
                    destructive
                    onClick={() =>
                      remove.mutate(a.id, {
                        onSuccess: () => {
                          if (editing?.id === a.id) setEditing(undefined)
                          if (photoAvatar?.id === a.id) setPhotoAvatar(undefined)
                        },
                      })
                    }
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
