import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { adminExportVoiceProfiles } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useToast } from '../../../components/ui/toast'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { EmotionImportButton } from '../components/emotion-import-button'
import { VoiceProfileModal } from './voice-profile-modal'
import {
  adminVoiceProfilesQuery,
  adminVoiceTagsQuery,
  useDeleteVoiceProfile,
  useImportEmotions,
} from './voice-profiles-api'

const errorText = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

/** The emotion CSV import of one profile: the picker takes .csv only; the server checks the content too. */
function EmotionImport({ profile }: { profile: VoiceProfileItem }) {
  const toast = useToast()
  const importing = useImportEmotions()
  return (
    <EmotionImportButton
      label={profile.name}
      count={Object.keys(profile.emotions).length}
      pending={importing.isPending}
      onFile={(file) =>
        importing.mutate(
          { id: profile.id, file },
          { onSuccess: (r) => toast.success(r.message), onError: (err) => toast.error(errorText(err)) },
        )
      }
    />
  )
}

function Actions({ profile, onEdit }: { profile: VoiceProfileItem; onEdit: () => void }) {
  const toast = useToast()
  const remove = useDeleteVoiceProfile()
  const [confirm, setConfirm] = useState(false)
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      <EmotionImport profile={profile} />
      <Button size="sm" variant="quaternary" loading={remove.isPending} onClick={() => setConfirm(true)}>
        Delete
      </Button>
      <ConfirmationModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete voice profile?"
        message={`“${profile.name}” will no longer be offered in voice pickers.`}
        confirmText="Delete"
        cancelText="Keep"
        onConfirm={() =>
          remove.mutate(profile.id, {
            onSuccess: () => toast.success('Voice profile deleted'),
            onError: (e) => toast.error(errorText(e)),
          })
        }
      />
    </div>
  )
}

const FILTERS = ['q', 'tag'] as const

/** /admin/voice-profiles: engine voices named with their settings, a sample and tags users filter pickers by. */
export function VoiceProfilesPage() {
  const list = useListParams(FILTERS)
  const profiles = useQuery(
    adminVoiceProfilesQuery(list.query as Parameters<typeof adminVoiceProfilesQuery>[0]),
  )
  const tags = useQuery(adminVoiceTagsQuery(undefined))
  const [editing, setEditing] = useState<VoiceProfileItem | 'new' | null>(null)
  const filtered = FILTERS.some((k) => list.filters[k])

  const columns: Array<ServerColumn<VoiceProfileItem>> = [
    {
      id: 'name',
      header: 'Profile',
      sortKey: 'name',
      cell: ({ row: { original: p } }) => (
        <div className="min-w-40">
          <div className="font-medium text-text">{p.name}</div>
          {p.description ? <div className="max-w-xs truncate text-xs text-muted">{p.description}</div> : null}
        </div>
      ),
    },
    {
      id: 'voice',
      header: 'Engine voice',
      hideOnMobile: true,
      cell: ({ row: { original: p } }) => (
        <span className="text-xs text-[#c9cedb]">
          {p.engine_voice_label}
          <br />
          <span className="text-muted">
            speed {p.rate} · pitch {p.pitch > 0 ? '+' : ''}
            {p.pitch}
          </span>
        </span>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      cell: ({ row: { original: p } }) =>
        p.tags.length ? (
          <div className="flex max-w-xs flex-wrap gap-1">
            {p.tags.map((t) => (
              <Badge key={t.id} tone="accent">
                {t.name}
              </Badge>
            ))}
          </div>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'sample',
      header: 'Sample',
      hideOnMobile: true,
      cell: ({ row: { original: p } }) =>
        p.sample_url ? (
          <audio
            controls
            preload="none"
            src={p.sample_url}
            className="h-8 w-48"
            aria-label={`Sample of ${p.name}`}
          />
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original: p } }) => <Actions profile={p} onEdit={() => setEditing(p)} />,
    },
  ]

  return (
    <div>
      <PageHeader
        title="Voice profiles"
        description="Name an engine voice with its speed, pitch, emotions and a sample, and tag it: users filter every voice picker by these tags."
        actions={
          <div className="flex gap-2">
            <Link
              to={PATHS.adminVoiceProfileTags}
              className="self-center text-sm text-accent hover:underline"
            >
              Manage tags
            </Link>
            <Button onClick={() => setEditing('new')}>New profile</Button>
          </div>
        }
      />
      <ListToolbar
        actions={
          <ExportCsvButton
            route={adminExportVoiceProfiles}
            query={list.filterQuery}
            fileName="voice-profiles.csv"
          />
        }
      >
        <SearchBox
          label="Search voice profiles"
          placeholder="Search name, description or voice"
          value={list.filters.q ?? ''}
          onChange={(v) => list.setFilter('q', v)}
        />
        <FilterSelect
          label="Tag"
          value={list.filters.tag}
          onChange={(v) => list.setFilter('tag', v)}
          options={(tags.data?.tags ?? []).map((t) => ({
            value: String(t.id),
            label: `${t.category}: ${t.name}`,
          }))}
          anyLabel="All tags"
        />
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>
      <ServerTable
        caption="Voice profiles"
        columns={columns}
        data={profiles.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(p) => p.id}
        loading={profiles.isPending}
        error={profiles.isError ? profiles.error.message : undefined}
        onRetry={() => void profiles.refetch()}
        emptyText={
          filtered
            ? 'No voice profile matches these filters.'
            : 'No voice profile yet. Create one to offer it in every voice picker.'
        }
      />
      {editing ? (
        <VoiceProfileModal profile={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  )
}
