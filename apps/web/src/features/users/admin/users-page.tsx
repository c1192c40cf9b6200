import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { TextInput } from '../../../components/ui/field'
import { SearchIcon } from '../../../components/ui/icons'
import { Pagination } from '../../../components/ui/pagination'
import { to } from '../../../app/paths'
import { adminUsersQuery } from '../api'
import { CreateUserModal } from './create-user-modal'

const SEARCH_DELAY_MS = 300

export const formatDate = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(undefined, { dateStyle: 'medium' })
}

const columns: Array<Column<User>> = [
  { key: 'id', header: 'ID', cell: (u) => <span className="text-muted">{u.id}</span>, className: 'w-16' },
  {
    key: 'user',
    header: 'User',
    cell: (u) => (
      <div className="min-w-0">
        <Link to={to.adminEditUser(u.id)} onClick={(e) => e.stopPropagation()} className="font-medium text-text hover:text-accent">
          {u.username}
        </Link>
        <p className="truncate text-xs text-muted">{u.email}</p>
      </div>
    ),
  },
  { key: 'status', header: 'Status', cell: (u) => (u.is_enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>) },
  {
    key: 'flags',
    header: 'Flags',
    hideOnMobile: true,
    cell: (u) => (
      <div className="flex flex-wrap gap-1.5">
        {u.is_super_user ? <Badge tone="accent">Super user</Badge> : null}
        {u.is_grandfather ? <Badge tone="warning">Grandfathered</Badge> : null}
        {!u.is_super_user && !u.is_grandfather ? <span className="text-muted">—</span> : null}
      </div>
    ),
  },
  { key: 'created', header: 'Created', hideOnMobile: true, cell: (u) => formatDate(u.created_at) },
]

/** /admin/users: search {page, keySearch}, pages, create-user modal. The list state lives in the URL. */
export function UsersPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const keySearch = params.get('keySearch') ?? ''
  const [search, setSearch] = useState(keySearch)
  const [createOpen, setCreateOpen] = useState(false)
  const users = useQuery(adminUsersQuery(page, keySearch))

  useEffect(() => {
    if (search.trim() === keySearch) return
    const timer = setTimeout(
      () =>
        setParams((p) => {
          if (search.trim()) p.set('keySearch', search.trim())
          else p.delete('keySearch')
          p.delete('page')
          return p
        }),
      SEARCH_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [search, keySearch, setParams])

  const goTo = (next: number) =>
    setParams((p) => {
      p.set('page', String(next))
      return p
    })

  return (
    <div>
      <PageHeader title="Users" description="Everyone with an account. Open a user to edit, disable or delete them." actions={<Button onClick={() => setCreateOpen(true)}>Create user</Button>} />
      <div className="mb-4 flex items-center gap-3">
        <div className="relative w-full max-w-sm">
          <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
          <TextInput type="search" aria-label="Search users" placeholder="Search by username or email" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-10" />
        </div>
        {users.isFetching && !users.isPending ? <span className="text-xs text-muted">Updating…</span> : null}
      </div>
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.list}
        rowKey={(u) => u.id}
        loading={users.isPending}
        error={users.isError ? users.error.message : undefined}
        onRetry={() => void users.refetch()}
        emptyText={keySearch ? `No user matches “${keySearch}”.` : 'No users yet. Create the first one.'}
        onRowClick={(u) => void navigate(to.adminEditUser(u.id))}
      />
      {users.data ? (
        <div className="mt-4">
          <Pagination page={page} lastPage={users.data.lastPage} total={users.data.total} onChange={goTo} />
        </div>
      ) : null}
      <CreateUserModal
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(user, next) => {
          setCreateOpen(false)
          if (next === 'edit') void navigate(to.adminEditUser(user.id))
          else void users.refetch()
        }}
      />
    </div>
  )
}
