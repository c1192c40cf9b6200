import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import { EMOTION_CSV_COLUMNS } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { Link, useLocation, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { useToast } from '../../../components/ui/toast'
import { PATHS } from '../../../app/paths'
import { API_BASE_URL, ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { AvatarCanvas } from '../../avatars'
import { EmotionImportButton, VoiceSelect, voiceProfilesQuery } from '../../voices'
import {
  creatorAiAvatarQuery,
  creatorQuery,
  useDeleteCreatorVoice,
  useImportCreatorEmotions,
  useUpdateCreatorVoice,
} from '../api'
import { CreatorAvatarPanel } from '../components/creator-avatar-panel'
import { CreatorTabs } from '../components/creator-tabs'
import { CreatorStatusBadge, errorText } from '../components/creator-status'

/** The emotion → prosody table of the creator's voice: what it has, and the CSV import (SPEC §7 "import emotion"). */
function EmotionsSection({
  id,
  name,
  profile,
  onImported,
}: {
  id: string
  name: string
  profile: VoiceProfileItem | undefined
  onImported: (voiceId: string) => void
}) {
  const toast = useToast()
  const importing = useImportCreatorEmotions()
  const [lines, setLines] = useState<string[]>([])
  const rows = EMOTIONS.flatMap((e) => (profile?.emotions[e] ? [[e, profile.emotions[e]] as const] : []))
  // mutateAsync, not mutate's callbacks: a first import gives the creator a voice of its own, the
  // refetched creator re-keys the voice panel, and callbacks of an unmounted observer never fire
  // (the admin saw no message). The promise settles whatever is mounted.
  const onFile = (file: File) =>
    void importing.mutateAsync({ id, file }).then(
      (r) => (setLines([]), onImported(r.creator.voice_id), toast.success(r.message)),
      (e: unknown) => (
        setLines(e instanceof ApiError ? (e.failure.errors?.file ?? []).slice(1) : []),
        toast.error(errorText(e))
      ),
    )
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-3" aria-label="Emotions">
      <h3 className="text-sm font-medium text-text">Emotions</h3>
      <p className="text-xs text-muted">
        How the creator's voice changes with each emotion, in every video and alert: a CSV with the columns{' '}
        {EMOTION_CSV_COLUMNS.join(', ')}, one line per emotion ({EMOTIONS.join(', ')}). Rate and volume are
        multipliers, pitch is in semitones, range is how much the pitch moves.
        {profile ? '' : ' The creator gets a voice profile of its own on its current voice.'}
      </p>
      {rows.length ? (
        <table className="w-full max-w-md text-left text-xs" data-testid="creator-emotions">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-normal">Emotion</th>
              <th className="font-normal">Rate</th>
              <th className="font-normal">Pitch</th>
              <th className="font-normal">Range</th>
              <th className="font-normal">Volume</th>
            </tr>
          </thead>
          <tbody className="text-text">
            {rows.map(([emotion, p]) => (
              <tr key={emotion}>
                <td className="py-0.5">{emotion}</td>
                <td>{p.rate}</td>
                <td>{p.pitch}</td>
                <td>{p.range}</td>
                <td>{p.volume}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-muted">
          No table imported: the built-in delivery of each emotion is used.
        </p>
      )}
      {lines.length ? (
        <ul className="list-disc pl-5 text-xs text-danger" aria-label="More lines to fix">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
      <div>
        <EmotionImportButton
          label={name}
          count={rows.length}
          pending={importing.isPending}
          onFile={onFile}
          variant="secondary"
        />
      </div>
    </section>
  )
}

function VoicePanel({
  id,
  name,
  voiceId,
  profileId,
}: {
  id: string
  name: string
  voiceId: string
  profileId: number | null
}) {
  const toast = useToast()
  const [voice, setVoice] = useState(voiceId)
  const update = useUpdateCreatorVoice()
  const remove = useDeleteCreatorVoice()
  const profiles = useQuery(voiceProfilesQuery)
  const profile = profiles.data?.profiles.find((p) => p.id === profileId)
  return (
    <Card title="Voice" description="What the creator speaks with in videos and alerts.">
      <div className="flex max-w-xl flex-col gap-3">
        <VoiceSelect label="Creator voice" value={voice} emptyLabel={null} onChange={setVoice} />
        <div>
          <Button
            size="sm"
            loading={update.isPending}
            disabled={voice === voiceId}
            onClick={() =>
              update.mutate(
                { id, voice_id: voice },
                { onSuccess: () => toast.success('Voice saved'), onError: (e) => toast.error(errorText(e)) },
              )
            }
          >
            Save voice
          </Button>
        </div>
        {profile ? (
          <div className="rounded-lg border border-border p-3 text-sm" data-testid="creator-voice-profile">
            <div className="font-medium text-text">{profile.name}</div>
            <div className="text-xs text-muted">
              {profile.engine_voice_label} · {profile.sample_seconds ?? 0} s sample
            </div>
            {profile.sample_url ? (
              <audio
                controls
                preload="none"
                src={profile.sample_url}
                className="mt-2 h-8 w-full"
                aria-label="Voice sample"
              />
            ) : null}
            <Link
              to={`${PATHS.adminVoiceProfiles}?q=${encodeURIComponent(profile.name)}`}
              className="mt-2 inline-block text-xs text-accent hover:underline"
            >
              Edit the profile
            </Link>
            <div className="mt-2">
              <Button
                size="sm"
                variant="secondary"
                destructive
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(id, {
                    onSuccess: (r) => (setVoice(r.creator.voice_id), toast.success(r.message)),
                    onError: (e) => toast.error(errorText(e)),
                  })
                }
              >
                Delete voice
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-xs text-muted">
            No voice profile of its own (none was made from the creator's files); an engine voice speaks.
          </p>
        )}
        <EmotionsSection id={id} name={name} profile={profile} onImported={setVoice} />
      </div>
    </Card>
  )
}

/** SPEC "AI avatar": the photo avatar's state and its previews, beside the drawn look. */
function AiAvatarDetails({ id }: { id: string }) {
  const avatar = useQuery(creatorAiAvatarQuery(id))
  const a = avatar.data
  if (!a) return null
  const bg = a.photo
    ? a.photo.background === 'color'
      ? `plain colour ${a.photo.background_color ?? ''}`
      : a.photo.background === 'image'
        ? 'a picture'
        : 'the photo as taken'
    : null
  return (
    <>
      {a.photo ? (
        <>
          <dt className="text-muted">Photo</dt>
          <dd className="text-text" data-testid="ai-avatar-photo">
            {a.photo.width}×{a.photo.height}, {a.photo.landmarks} face points
            {a.photo.dataset_index === null ? '' : `, dataset picture ${a.photo.dataset_index + 1}`}
          </dd>
          <dt className="text-muted">Background</dt>
          <dd className="text-text">{bg}</dd>
        </>
      ) : null}
      <dt className="text-muted">Dataset</dt>
      <dd className="text-text">
        {a.dataset.pictures} pictures, {a.dataset.with_face} with a face
      </dd>
      <dt className="text-muted">Previews</dt>
      <dd className="flex flex-wrap gap-3 text-text">
        {a.preview.still_url ? (
          <a
            className="text-accent hover:underline"
            href={API_BASE_URL + a.preview.still_url}
            target="_blank"
            rel="noreferrer"
          >
            Still
          </a>
        ) : (
          <span className="text-muted">No still while hidden</span>
        )}
        {a.preview.portrait_url ? (
          <a
            className="text-accent hover:underline"
            href={API_BASE_URL + a.preview.portrait_url}
            target="_blank"
            rel="noreferrer"
          >
            Portrait
          </a>
        ) : null}
        {a.preview.backdrop_url ? (
          <a
            className="text-accent hover:underline"
            href={API_BASE_URL + a.preview.backdrop_url}
            target="_blank"
            rel="noreferrer"
          >
            Background picture
          </a>
        ) : null}
        {a.preview.video?.files?.video_url ? (
          <a
            className="text-accent hover:underline"
            href={a.preview.video.files.video_url}
            target="_blank"
            rel="noreferrer"
          >
            Landing video
          </a>
        ) : null}
      </dd>
    </>
  )
}

/** /admin/creator-management/list/:id and …/voice: the creator's photo avatar, status, and its voice. */
export function CreatorPage() {
  const id = useParams().id ?? ''
  const voiceTab = useLocation().pathname.endsWith('/voice')
  const creator = useQuery(creatorQuery(id))
  const c = creator.data
  const base = `${PATHS.creatorList}/${encodeURIComponent(id)}`
  return (
    <div>
      <PageHeader
        title={c?.name ?? 'Creator'}
        description={c?.description}
        actions={
          <ButtonLink
            to={`${PATHS.creatorPermission}?id=${encodeURIComponent(id)}`}
            variant="secondary"
            size="sm"
          >
            Permission
          </ButtonLink>
        }
      />
      <CreatorTabs />
      <div role="tablist" aria-label="Creator" className="mb-4 flex gap-1">
        {[
          ['Avatar', base, !voiceTab],
          ['Voice', `${base}/voice`, voiceTab],
        ].map(([label, to, on]) => (
          <Link
            key={String(label)}
            role="tab"
            aria-selected={Boolean(on)}
            to={String(to)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm',
              on ? 'bg-accent/15 text-accent' : 'text-muted hover:text-text',
            )}
          >
            {label}
          </Link>
        ))}
      </div>
      {creator.isError ? (
        <Card>
          <p className="text-sm text-danger">{errorText(creator.error)}</p>
        </Card>
      ) : !c ? (
        <div className="h-48 animate-pulse rounded-xl bg-surface-2" />
      ) : voiceTab ? (
        <VoicePanel
          key={c.voice_id}
          id={c.id}
          name={c.name}
          voiceId={c.voice_id}
          profileId={c.voice_profile_id}
        />
      ) : (
        <Card>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <AvatarCanvas look={c.look} size={180} badge label={`${c.name} avatar`} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Status</dt>
              <dd>
                <CreatorStatusBadge creator={c} />
              </dd>
              <dt className="text-muted">Kind</dt>
              <dd className="text-text">{c.look.photo ? 'Talking photo' : 'Cartoon'}</dd>
              <dt className="text-muted">Voice</dt>
              <dd className="text-text">{c.voice_id}</dd>
              <dt className="text-muted">Who may use it</dt>
              <dd className="text-text">
                {c.access.plans.length + c.access.user_ids.length
                  ? [
                      ...c.access.plans.map((p) => `plan ${p}`),
                      ...c.access.user_ids.map((u) => `user #${u}`),
                    ].join(', ')
                  : 'Everyone'}
              </dd>
              {c.error ? (
                <>
                  <dt className="text-muted">Error</dt>
                  <dd className="text-danger">{c.error}</dd>
                </>
              ) : null}
              <AiAvatarDetails id={c.id} />
            </dl>
          </div>
        </Card>
      )}
      {c && !voiceTab && c.status !== 'processing' ? <CreatorAvatarPanel creator={c} /> : null}
    </div>
  )
}
