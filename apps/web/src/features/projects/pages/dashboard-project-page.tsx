import { lazy, Suspense, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { projectResultVideos } from '@mouthpiece/contracts/projects/project-media.contract'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { PATHS } from '../../../app/paths'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { RenderPlayer, ShareActions } from '../../renders'
import { projectQuery } from '../api'
import { ProjectsList } from '../components/projects-list'
import { loadAdProjectsTab } from '../../ads'

// The ad projects list belongs to the ads feature; loaded only when the #ad view is opened.
const AdProjectsTab = lazy(() => loadAdProjectsTab().then((m) => ({ default: m.AdProjectsTab })))

type View = 'video' | 'ad'
const editorLink = (id: number) => PATHS.videoEditorItem.replace(':id', String(id))

/** /dashboard/project: the video projects (#video, the default) and, when the ads feature is in, the ad projects (#ad). */
export function DashboardProjectPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const view: View = location.hash === '#ad' ? 'ad' : 'video'
  const views: Array<{ id: View; label: string }> = [
    { id: 'video', label: 'Video projects' },
    { id: 'ad', label: 'Ad projects' },
  ]
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Projects"
        description="Everything you are making, in one place."
        actions={view === 'video' ? <Button onClick={() => setCreating(true)}>Create video</Button> : null}
      />
      {views.length > 1 ? (
        <div
          role="tablist"
          aria-label="Project kind"
          className="flex w-fit gap-1 rounded-lg border border-border bg-[#11141c] p-1"
        >
          {views.map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              aria-selected={view === v.id}
              onClick={() => void navigate({ hash: `#${v.id}` }, { replace: true })}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm transition-colors',
                view === v.id ? 'bg-surface-2 text-text shadow' : 'text-muted hover:text-text',
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
      ) : null}
      {view === 'ad' ? (
        <Suspense fallback={<LoadingBlock label="Loading ad projects…" />}>
          <AdProjectsTab />
        </Suspense>
      ) : (
        <section id="video" aria-label="Video projects">
          <ProjectsList creating={creating} onCreatingChange={setCreating} />
        </section>
      )}
    </div>
  )
}

/** /dashboard/project/:id: one video project — what it is, its final videos (play, download, share) and a way into the editor. */
export function DashboardProjectItemPage() {
  const { id } = useParams()
  const projectId = Number(id)
  const valid = Number.isInteger(projectId) && projectId > 0
  const [page, setPage] = useState(1)
  const project = useQuery({ ...projectQuery(projectId), enabled: valid })
  const results = useQuery({
    queryKey: ['projects', 'results', projectId, page],
    queryFn: ({ signal }) => request(projectResultVideos, { params: { projectId }, query: { page }, signal }),
    enabled: valid && project.isSuccess,
  })
  if (!valid || project.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-xl font-semibold text-text">Project not found</h1>
        <p className="text-sm text-muted">
          {project.error?.message ?? 'This project does not exist or is not yours.'}
        </p>
        <Link to={`${PATHS.dashboardProject}#video`} className="text-sm text-accent">
          Back to projects
        </Link>
      </div>
    )
  }
  if (project.isPending) return <LoadingBlock label="Loading the project…" className="p-10" />
  const p = project.data.project
  const seconds = Math.round(p.duration)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link to={`${PATHS.dashboardProject}#video`} className="text-sm text-muted hover:text-text">
        ← All projects
      </Link>
      <PageHeader
        title={p.name}
        description={`${p.scene_count} scene${p.scene_count === 1 ? '' : 's'} · ${seconds ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` : 'no audio yet'} · ${p.document.settings.video_resolution} ${p.document.settings.video_orientation}`}
        actions={<ButtonLink to={editorLink(p.id)}>Open in editor</ButtonLink>}
      />
      <section aria-labelledby="results-title" className="flex flex-col gap-4">
        <h2 id="results-title" className="text-lg font-semibold text-text">
          Final videos
        </h2>
        {results.isPending ? (
          <LoadingBlock label="Loading videos…" />
        ) : results.isError ? (
          <p role="alert" className="text-sm text-danger">
            {results.error.message}
          </p>
        ) : !results.data.list.length ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
            <p className="text-sm text-muted">
              No video rendered yet. Open the editor and press Render video when the preview looks right.
            </p>
            <ButtonLink to={editorLink(p.id)} variant="secondary">
              Open in editor
            </ButtonLink>
          </div>
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {results.data.list.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3"
                  data-testid="project-result"
                >
                  {r.status === RenderStatus.completed ? (
                    <RenderPlayer
                      files={r.files}
                      title={p.name}
                      portrait={r.video_orientation === 'portrait'}
                    />
                  ) : (
                    <div className="flex aspect-video items-center justify-center rounded-lg bg-[#11141c] text-sm text-muted">
                      {r.status === RenderStatus.issue
                        ? (r.error ?? 'This render failed.')
                        : `${r.status_label} · ${Math.round(r.progress)}%`}
                    </div>
                  )}
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs text-muted">{new Date(r.created_at).toLocaleString()}</span>
                    <Badge
                      tone={
                        r.status === RenderStatus.completed
                          ? 'success'
                          : r.status === RenderStatus.issue
                            ? 'danger'
                            : 'accent'
                      }
                    >
                      {r.status_label}
                    </Badge>
                  </div>
                  {r.status === RenderStatus.completed ? (
                    <ShareActions id={r.id} downloadPath={r.files.video_url} />
                  ) : null}
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              lastPage={results.data.lastPage}
              total={results.data.total}
              onChange={setPage}
            />
          </>
        )}
      </section>
    </div>
  )
}
