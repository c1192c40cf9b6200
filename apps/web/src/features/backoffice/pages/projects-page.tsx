import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { adminExportProjects } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type { AdminProject } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { ExportEmailModal } from '../../../components/ui/export-email-modal'
import { ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useListParams } from '../../../lib/list-params'
import { to } from '../../../app/paths'
import { adminProjectsQuery, useSendProjectsCsv } from '../api'
import { formatDate, formatSeconds } from '../format'
import { ProjectSettingModal } from '../components/project-setting-modal'

const FILTERS = ['keyword'] as const

/** /admin/projects {page, keyword}: every project with its owner, CSV by download or by email, settings by project. */
export function ProjectsAdminPage() {
  const list = useListParams(FILTERS)
  const projects = useQuery(adminProjectsQuery(list.query))
  const send = useSendProjectsCsv()
  const [mailOpen, setMailOpen] = useState(false)
  const [settingOf, setSettingOf] = useState<AdminProject>()
  const keyword = list.filters.keyword

  const columns: Array<ServerColumn<AdminProject>> = [
    {
      id: 'id',
      header: 'ID',
      sortKey: 'id',
      className: 'w-16',
      cell: ({ row }) => <span className="text-muted">{row.original.id}</span>,
    },
    {
      id: 'name',
      header: 'Project',
      sortKey: 'name',
      cell: ({ row: { original: p } }) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-text">{p.name}</p>
          <p className="truncate text-xs text-muted">
            by{' '}
            <Link to={to.adminEditUser(p.user_id)} className="hover:text-accent">
              {p.username}
            </Link>
          </p>
        </div>
      ),
    },
    {
      id: 'scenes',
      header: 'Scenes',
      hideOnMobile: true,
      cell: ({ row }) => <span className="tabular-nums">{row.original.scenes}</span>,
    },
    {
      id: 'duration',
      header: 'Length',
      hideOnMobile: true,
      cell: ({ row }) => <span className="tabular-nums">{formatSeconds(row.original.duration)}</span>,
    },
    {
      id: 'format',
      header: 'Format',
      hideOnMobile: true,
      cell: ({ row: { original: p } }) => (
        <span className="flex gap-1.5">
          <Badge tone={p.video_resolution === '1080p' ? 'accent' : 'neutral'}>{p.video_resolution}</Badge>
          <Badge>{p.video_orientation}</Badge>
        </span>
      ),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortKey: 'updated_at',
      hideOnMobile: true,
      cell: ({ row }) => formatDate(row.original.updated_at),
    },
    {
      id: 'actions',
      header: '',
      className: 'w-28 text-right',
      cell: ({ row }) => (
        <Button variant="secondary" size="sm" onClick={() => setSettingOf(row.original)}>
          Settings
        </Button>
      ),
    },
  ]

  return (
    <div>
      <PageHeader
        title="Projects"
        description="Every project in the editor, who owns it and how it is set up."
      />
      <ListToolbar
        actions={
          <>
            {projects.isFetching && !projects.isPending ? (
              <span className="text-xs text-muted">Updating…</span>
            ) : null}
            <ExportCsvButton route={adminExportProjects} query={list.filterQuery} fileName="projects.csv" />
            <Button variant="secondary" size="sm" onClick={() => setMailOpen(true)}>
              Send CSV by email
            </Button>
          </>
        }
      >
        <SearchBox
          label="Search projects"
          placeholder="Project name, owner username or email"
          value={keyword ?? ''}
          onChange={(v) => list.setFilter('keyword', v)}
        />
      </ListToolbar>
      <ServerTable
        caption="Projects"
        columns={columns}
        data={projects.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'updated_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(p) => p.id}
        loading={projects.isPending}
        error={projects.isError ? projects.error.message : undefined}
        onRetry={() => void projects.refetch()}
        emptyText={
          keyword
            ? `No project matches “${keyword}”.`
            : 'No projects yet. They appear here as soon as someone opens the editor.'
        }
      />
      <ExportEmailModal
        open={mailOpen}
        onClose={() => setMailOpen(false)}
        pending={send.isPending}
        send={(email) => send.mutateAsync({ email, keyword })}
        description={
          keyword
            ? `The projects matching “${keyword}” will be mailed as a CSV attachment.`
            : 'Every project will be mailed as a CSV attachment.'
        }
      />
      {settingOf ? <ProjectSettingModal project={settingOf} onClose={() => setSettingOf(undefined)} /> : null}
    </div>
  )
}
