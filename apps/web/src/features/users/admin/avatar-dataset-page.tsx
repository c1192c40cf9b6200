import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { AvatarDatasetItem } from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import type { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { Modal } from '../../../components/ui/modal'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useToast } from '../../../components/ui/toast'
import { useListParams } from '../../../lib/list-params'
import { to } from '../../../app/paths'
import { avatarDatasetQuery, useUpdateAvatarDataset } from '../api'
import { formatDate } from './users-page'

const FILTERS = ['keySearch'] as const
const PROMPT_FIELDS: Array<[keyof LookPrompt, string]> = [
  ['wearing', 'Wearing'],
  ['style', 'Style'],
  ['inspired', 'Inspired by'],
  ['color', 'Colour'],
]

/** Rename an avatar or change its look (redrawn for its owner, audited). */
function EditAvatarModal({ avatar, onClose }: { avatar: AvatarDatasetItem; onClose: () => void }) {
  const update = useUpdateAvatarDataset()
  const toast = useToast()
  const [name, setName] = useState(avatar.name)
  const [prompt, setPrompt] = useState<LookPrompt>(avatar.prompt)
  const changed = JSON.stringify(prompt) !== JSON.stringify(avatar.prompt)
  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit “${avatar.name}”`}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: avatar.id, ...(name !== avatar.name ? { name } : {}), ...(changed ? { prompt } : {}) },
                {
                  onSuccess: () => {
                    toast.success('Avatar updated')
                    onClose()
                  },
                },
              )
            }
          >
            Save
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" className="sm:col-span-2">
          <TextInput value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </Field>
        {PROMPT_FIELDS.map(([key, label]) => (
          <Field key={key} label={label}>
            <TextInput
              value={prompt[key]}
              maxLength={200}
              onChange={(e) => setPrompt({ ...prompt, [key]: e.target.value })}
            />
          </Field>
        ))}
        <div className="sm:col-span-2">
          <FormError message={update.error?.message} />
        </div>
      </div>
    </Modal>
  )
}

/** /admin/avatar-dataset: the users' custom avatars {page, keySearch}, each editable for its owner (update dataset). */
export function AvatarDatasetPage() {
  const list = useListParams(FILTERS)
  const page = useQuery(avatarDatasetQuery({ page: list.page, keySearch: list.filters.keySearch }))
  const [editing, setEditing] = useState<AvatarDatasetItem>()
  const keySearch = list.filters.keySearch

  const columns: Array<ServerColumn<AvatarDatasetItem>> = [
    {
      id: 'preview',
      header: '',
      className: 'w-16',
      cell: ({ row }) => (
        <img
          src={row.original.preview_url}
          alt={row.original.name}
          width={44}
          height={44}
          loading="lazy"
          className="rounded-full bg-[#141720]"
        />
      ),
    },
    {
      id: 'name',
      header: 'Avatar',
      cell: ({ row: { original: a } }) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-text">{a.name}</p>
          <p className="truncate text-xs text-muted">
            by{' '}
            <Link to={to.adminEditUser(a.user_id)} className="hover:text-accent">
              {a.username}
            </Link>{' '}
            · {a.email}
          </p>
        </div>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      hideOnMobile: true,
      cell: ({ row }) => (
        <Badge tone={row.original.kind === 'photo' ? 'accent' : 'neutral'}>{row.original.kind}</Badge>
      ),
    },
    {
      id: 'look',
      header: 'Look',
      hideOnMobile: true,
      cell: ({ row: { original: a } }) => (
        <span className="line-clamp-2 text-xs text-[#c9cedb]">
          {[a.prompt.wearing, a.prompt.style, a.prompt.color].filter(Boolean).join(' · ') || '—'}
        </span>
      ),
    },
    {
      id: 'created_at',
      header: 'Created',
      hideOnMobile: true,
      cell: ({ row }) => formatDate(row.original.created_at),
    },
    {
      id: 'actions',
      header: '',
      className: 'w-20 text-right',
      cell: ({ row }) => (
        <Button variant="secondary" size="sm" onClick={() => setEditing(row.original)}>
          Edit
        </Button>
      ),
    },
  ]

  return (
    <div>
      <PageHeader
        title="Avatar dataset"
        description="Every custom avatar users made, newest first. Fix a name or a look for its owner; each change is in the audit log."
      />
      <ListToolbar
        actions={
          page.isFetching && !page.isPending ? <span className="text-xs text-muted">Updating…</span> : null
        }
      >
        <SearchBox
          label="Search avatars"
          placeholder="Avatar name, owner username or email"
          value={keySearch ?? ''}
          onChange={(v) => list.setFilter('keySearch', v)}
        />
      </ListToolbar>
      <ServerTable
        caption="Avatar dataset"
        columns={columns}
        data={page.data}
        page={list.page}
        onPage={list.setPage}
        rowKey={(a) => a.id}
        loading={page.isPending}
        error={page.isError ? page.error.message : undefined}
        onRetry={() => void page.refetch()}
        emptyText={
          keySearch
            ? `No avatar matches “${keySearch}”.`
            : 'No custom avatars yet. They appear here as users make them in the avatar editor.'
        }
      />
      {editing ? <EditAvatarModal avatar={editing} onClose={() => setEditing(undefined)} /> : null}
    </div>
  )
}
