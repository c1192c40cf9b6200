import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createAdProject } from '@mouthpiece/contracts/ads/projects.contract'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import { Button } from '../../../components/ui/button'
import { Badge } from '../../../components/ui/card'
import { TextInput } from '../../../components/ui/field'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { adProjectsQuery, brandsQuery, failureText } from '../api'

export const adProjectLink = (id: number) => `/dashboard/project/${id}#ad`

/**
 * The ad projects list (`/dashboard/project#ad`): search, page, create with a brand; each opens
 * `/dashboard/project/{id}`. Exported for the project page's "ad" tab.
 */
export function AdProjectsTab() {
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [name, setName] = useState('')
  const [brandId, setBrandId] = useState<number | null>(null)
  const navigate = useNavigate()
  const client = useQueryClient()
  const projects = useQuery(adProjectsQuery(page, keyword))
  const brands = useQuery(brandsQuery)
  const create = useMutation({
    mutationFn: () =>
      request(createAdProject, {
        body: { name: name.trim(), brand_id: brandId ?? brands.data?.brands[0]?.id ?? null },
      }),
    onSuccess: (r) => {
      setName('')
      void client.invalidateQueries({ queryKey: ['ads', 'projects'] })
      void navigate(adProjectLink(r.project.id))
    },
  })
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim()) create.mutate()
        }}
      >
        <TextInput
          aria-label="Ad project name"
          placeholder="New ad project name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
        />
        <select
          aria-label="Brand"
          className="h-10 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text"
          value={brandId ?? ''}
          onChange={(e) => setBrandId(e.target.value ? Number(e.target.value) : null)}
        >
          {(brands.data?.brands ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
          {!brands.data?.brands.length && <option value="">No brand yet</option>}
        </select>
        <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
          New ad project
        </Button>
      </form>
      {create.error && <p className="text-sm text-danger">{failureText(create.error)}</p>}
      <TextInput
        aria-label="Search ad projects"
        placeholder="Search ad projects"
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value)
          setPage(1)
        }}
      />
      {projects.isPending ? (
        <LoadingBlock />
      ) : projects.error ? (
        <p className="text-sm text-danger">{failureText(projects.error)}</p>
      ) : projects.data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
          {keyword ? 'No ad project matches.' : 'No ad projects yet. Name one above to start.'}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {projects.data.list.map((p) => (
            <li key={p.id}>
              <Link
                to={adProjectLink(p.id)}
                className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition hover:border-accent/60"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium text-text">{p.name}</span>
                  <Badge
                    tone={p.status === 'ready' ? 'success' : p.status === 'failed' ? 'danger' : 'neutral'}
                  >
                    {p.status}
                  </Badge>
                </div>
                <span className="text-xs text-muted">
                  {p.brand_name ?? 'No brand'} · {p.goal.replace('_', ' ')}
                </span>
                <span className="text-xs text-muted">
                  {p.placements.map((k) => PLACEMENTS[k].aspect).join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {projects.data && projects.data.lastPage > 1 && (
        <Pagination
          page={page}
          lastPage={projects.data.lastPage}
          total={projects.data.total}
          onChange={setPage}
        />
      )}
    </div>
  )
}
