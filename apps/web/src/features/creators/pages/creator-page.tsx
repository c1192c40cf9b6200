import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { useToast } from '../../../components/ui/toast'
import { PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'
import { AvatarCanvas } from '../../avatars/components/avatar-canvas'
import { VoiceSelect } from '../../voices/components/voice-controls'
import { voiceProfilesQuery } from '../../voices/admin/voice-profiles-api'
import { creatorQuery, useDeleteCreatorVoice, useUpdateCreatorVoice } from '../api'
import { CreatorAvatarPanel } from '../components/creator-avatar-panel'
import { CreatorTabs } from '../components/creator-tabs'
import { CreatorStatusBadge, errorText } from '../components/creator-status'

function VoicePanel({ id, voiceId, profileId }: { id: string; voiceId: string; profileId: number | null }) {
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
        <div><Button size="sm" loading={update.isPending} disabled={voice === voiceId} onClick={() => update.mutate({ id, voice_id: voice }, { onSuccess: () => toast.success('Voice saved'), onError: (e) => toast.error(errorText(e)) })}>Save voice</Button></div>
        {profile ? (
          <div className="rounded-lg border border-border p-3 text-sm" data-testid="creator-voice-profile">
            <div className="font-medium text-text">{profile.name}</div>
            <div className="text-xs text-muted">{profile.engine_voice_label} · {profile.sample_seconds ?? 0} s sample</div>
            {profile.sample_url ? <audio controls preload="none" src={profile.sample_url} className="mt-2 h-8 w-full" aria-label="Voice sample" /> : null}
            <Link to={`${PATHS.adminVoiceProfiles}?q=${encodeURIComponent(profile.name)}`} className="mt-2 inline-block text-xs text-accent hover:underline">Edit the profile or import its emotions (CSV)</Link>
            <div className="mt-2">
              <Button size="sm" variant="secondary" destructive loading={remove.isPending} onClick={() => remove.mutate(id, { onSuccess: (r) => (setVoice(r.creator.voice_id), toast.success(r.message)), onError: (e) => toast.error(errorText(e)) })}>Delete voice</Button>
            </div>
          </div>
        ) : (
          <p className="text-xs text-muted">No voice profile was made from this creator's files (no speech found); an engine voice speaks.</p>
        )}
      </div>
    </Card>
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
      <PageHeader title={c?.name ?? 'Creator'} description={c?.description} actions={<ButtonLink to={`${PATHS.creatorPermission}?id=${encodeURIComponent(id)}`} variant="secondary" size="sm">Permission</ButtonLink>} />
      <CreatorTabs />
      <div role="tablist" aria-label="Creator" className="mb-4 flex gap-1">
        {[['Avatar', base, !voiceTab], ['Voice', `${base}/voice`, voiceTab]].map(([label, to, on]) => (
          <Link key={String(label)} role="tab" aria-selected={Boolean(on)} to={String(to)} className={cn('rounded-lg px-3 py-1.5 text-sm', on ? 'bg-accent/15 text-accent' : 'text-muted hover:text-text')}>{label}</Link>
        ))}
      </div>
      {creator.isError ? (
        <Card><p className="text-sm text-danger">{errorText(creator.error)}</p></Card>
      ) : !c ? (
        <div className="h-48 animate-pulse rounded-xl bg-surface-2" />
      ) : voiceTab ? (
        <VoicePanel id={c.id} voiceId={c.voice_id} profileId={c.voice_profile_id} />
      ) : (
        <Card>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <AvatarCanvas look={c.look} size={180} badge label={`${c.name} avatar`} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Status</dt><dd><CreatorStatusBadge creator={c} /></dd>
              <dt className="text-muted">Kind</dt><dd className="text-text">{c.look.photo ? 'Talking photo' : 'Cartoon'}</dd>
              <dt className="text-muted">Voice</dt><dd className="text-text">{c.voice_id}</dd>
              <dt className="text-muted">Who may use it</dt>
              <dd className="text-text">{c.access.plans.length + c.access.user_ids.length ? [...c.access.plans.map((p) => `plan ${p}`), ...c.access.user_ids.map((u) => `user #${u}`)].join(', ') : 'Everyone'}</dd>
              {c.error ? (<><dt className="text-muted">Error</dt><dd className="text-danger">{c.error}</dd></>) : null}
            </dl>
          </div>
        </Card>
      )}
      {c && !voiceTab && c.status !== 'processing' ? <CreatorAvatarPanel creator={c} /> : null}
    </div>
  )
}
