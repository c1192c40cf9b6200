import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { adminExportUsers } from '@mouthpiece/contracts/users/users.contract'
import type { UserFilter } from '@mouthpiece/contracts/users/users.contract'
import type { AdminUser } from '@mouthpiece/contracts/users/users.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useListParams } from '../../../lib/list-params'
import { SelectionBar, selectedFilter, useRowSelection } from '../../../components/ui/row-selection'
import { to } from '../../../app/paths'
import { BulkActionModal } from '../../operations'
import { adminUsersQuery } from '../api'
import { CreateUserModal } from './create-user-modal'

export const formatDate = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(undefined, { dateStyle: 'medium' })
}

const columns: Array<ServerColumn<AdminUser>> = [
  {
    id: 'id',
    header: 'ID',
    sortKey: 'id',
    className: 'w-16',
    cell: ({ row }) => <span className="text-muted">{row.original.id}</span>,
  },
  {
    id: 'username',
    header: 'User',
    sortKey: 'username',
    cell: ({ row: { original: u } }) => (
      <div className="min-w-0">
        <Link
          to={to.adminEditUser(u.id)}
          onClick={(e) => e.stopPropagation()}
          className="font-medium text-text hover:text-accent"
        >
          {u.username}
        </Link>
        <p className="truncate text-xs text-muted">{u.email}</p>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: u } }) =>
      u.is_enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>,
  },
  {
    id: 'flags',
    header: 'Flags',
    hideOnMobile: true,
    cell: ({ row: { original: u } }) => (
      <div className="flex flex-wrap gap-1.5">
        {u.is_super_user ? <Badge tone="accent">Super user</Badge> : null}
        {u.is_grandfather ? <Badge tone="warning">Grandfathered</Badge> : null}
        {!u.is_super_user && !u.is_grandfather ? <span className="text-muted">—</span> : null}
      </div>
    ),
  },
  {
    id: 'referred_by',
    header: 'Referred by',
    hideOnMobile: true,
    cell: ({ row: { original: u } }) =>
      u.referred_by ? (
        <Link
          to={to.adminEditUser(u.referred_by.id)}
          onClick={(e) => e.stopPropagation()}
          className="text-accent hover:underline"
        >
          {u.referred_by.username}
        </Link>
      ) : (
        <span className="text-muted">—</span>
      ),
  },
  {
    id: 'created_at',
    header: 'Created',
    sortKey: 'created_at',
    hideOnMobile: true,
    cell: ({ row }) => formatDate(row.original.created_at),
  },
]

const FILTERS = ['keySearch', 'status', 'flag', 'created_from', 'created_to'] as const

/** In words, for the bulk dialog: "the search “x”, status disabled". */
function describeFilter(f: Record<string, string | undefined>): string {
  const parts = [
    f.keySearch && `the search “${f.keySearch}”`,
    f.status && `status ${f.status}`,
    f.flag && `flag ${f.flag.replace('_', ' ')}`,
    f.created_from && `created from ${f.created_from}`,
    f.created_to && `created to ${f.created_to}`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'no filter (all users)'
}

/** /admin/users: the server-side list {page, keySearch} with filters in the URL, CSV export and bulk actions on everything matching. */
export function UsersPage() {
  const list = useListParams(FILTERS)
  const navigate = useNavigate()
  const [createOpen, setCreateOpen] = useState(false)
  const [bulkOpen, setBulkOpen] = useState(false)
  const users = useQuery(adminUsersQuery(list.query as Parameters<typeof adminUsersQuery>[0]))
  const filter = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)) as UserFilter
  const selection = useRowSelection(JSON.stringify(filter))
  const filtered = Object.keys(filter).length > 0

  return (
    <div>
      <PageHeader
        title="Users"
        description="Everyone with an account. Open a user to edit, disable or delete them."
        actions={<Button onClick={() => setCreateOpen(true)}>Create user</Button>}
      />
      <ListToolbar
        actions={
          <>
            {users.isFetching && !users.isPending ? (
              <span className="text-xs text-muted">Updating…</span>
            ) : null}
            <ExportCsvButton route={adminExportUsers} query={list.filterQuery} fileName="users.csv" />
            <Button variant="secondary" size="sm" onClick={() => setBulkOpen(true)}>
              Bulk action…
            </Button>
          </>
        }
        list={list}
        search={{ key: 'keySearch', label: 'Search users', placeholder: 'Search by username or email' }}
        dates={['created_from', 'created_to']}
      >
        <FilterSelect
          label="Status"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={[
            { value: 'enabled', label: 'Enabled' },
            { value: 'disabled', label: 'Disabled' },
          ]}
        />
        <FilterSelect
          label="Flag"
          value={list.filters.flag}
          onChange={(v) => list.setFilter('flag', v)}
          options={[
            { value: 'super_user', label: 'Super user' },
            { value: 'grandfather', label: 'Grandfathered' },
            { value: 'none', label: 'None' },
          ]}
        />
      </ListToolbar>
      <SelectionBar
        selection={selection}
        pageIds={(users.data?.list ?? []).map((u) => String(u.id))}
        total={users.data?.total}
        noun="users"
      />
      <ServerTable
        selection={selection}
        rowLabel={(u) => u.username}
        perPage={list.perPage ?? 10}
        onPerPage={list.setPerPage}
        caption="Users"
        columns={columns}
        data={users.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'created_at' ? 'desc' : 'asc')}
        rowKey={(u) => u.id}
        loading={users.isPending}
        error={users.isError ? users.error.message : undefined}
        onRetry={() => void users.refetch()}
        emptyText={
          !filtered
            ? 'No users yet. Create the first one.'
            : Object.keys(filter).length === 1 && filter.keySearch
              ? `No user matches “${filter.keySearch}”.`
              : 'No user matches these filters.'
        }
        onRowClick={(u) => void navigate(to.adminEditUser(u.id))}
      />
      <CreateUserModal
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(user, next) => {
          setCreateOpen(false)
          if (next === 'edit') void navigate(to.adminEditUser(user.id))
          else void users.refetch()
        }}
      />
      <BulkActionModal
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        target="users"
        filter={selectedFilter(filter, selection)}
        describe={describeFilter(list.filters)}
      />
    </div>
  )
}
