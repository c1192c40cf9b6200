import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { subscribe } from '../../../lib/socket'
import type { ProjectSummary } from '@mouthpiece/contracts/projects/projects.schemas'
import { Button } from '../../../components/ui/button'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { SearchIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ErrorBlock } from '../../../components/ui/error-block'
import { useToast } from '../../../components/ui/toast'
import {
  projectsKeys,
  projectsListQuery,
  useDeleteProject,
  useDuplicateProject,
  useRenameProject,
} from '../api'
import { CreateProjectFlow } from './create-project-flow'
import { ProjectCard } from './project-card'

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return v
}

/** The field starts from the project's name in the render that opens the dialog, so nothing set later can overwrite what the user types. */
function RenameForm({
  project,
  error,
  onSubmit,
}: {
  project: ProjectSummary
  error?: string
  onSubmit: (name: string) => void
}) {
  const [name, setName] = useState(project.name)
  return (
    <form id="rename-project" onSubmit={(e) => (e.preventDefault(), onSubmit(name))}>
      <Field label="Project name">
        <TextInput value={name} onChange={(e) => setName(e.target.value)} data-autofocus maxLength={80} />
      </Field>
      <FormError message={error} />
    </form>
  )
}

function RenameModal({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const rename = useRenameProject()
  const close = () => (rename.reset(), onClose())
  return (
    <Modal
      open={Boolean(project)}
      onClose={close}
      title="Rename project"
      footer={
        <>
          <Button variant="tertiary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="rename-project" loading={rename.isPending}>
            Save
          </Button>
        </>
      }
    >
      {project ? (
        <RenameForm
          key={project.id}
          project={project}
          error={rename.error?.message}
          onSubmit={(name) =>
            rename.mutate({ id: project.id, name, version: project.version }, { onSuccess: close })
          }
        />
      ) : null}
    </Modal>
  )
}

/**
 * The user's video projects, newest first, with search, paging, rename, duplicate, delete and the
 * create flow: the body of /projects, /dashboard/my-projects and the #video view of /dashboard/project.
 * `creating` lets the page's own header button open the create flow.
 */
export function ProjectsList({
  creating,
  onCreatingChange,
}: {
  creating: boolean
  onCreatingChange: (open: boolean) => void
}) {
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const keyword = useDebounced(search.trim(), 300)
  const [renaming, setRenaming] = useState<ProjectSummary | null>(null)
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null)
  const toast = useToast()
  const list = useQuery(projectsListQuery(page, keyword))
  const duplicate = useDuplicateProject()
  const remove = useDeleteProject()
  useEffect(() => setPage(1), [keyword])
  // A render's still (a project's new cover) announced on my socket: show it.
  const client = useQueryClient()
  useEffect(
    () =>
      subscribe(
        RealtimeEvent.previewThumbnail,
        () => void client.invalidateQueries({ queryKey: projectsKeys.all }),
      ),
    [client],
  )
  const setCreating = onCreatingChange

  const data = list.data
  return (
    <div className="flex flex-col gap-6">
      <label className="relative block max-w-sm">
        <span className="sr-only">Search projects</span>
        <SearchIcon
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
        />
        <TextInput
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search projects"
          className="pl-9"
        />
      </label>
      {list.isPending ? (
        <LoadingBlock label="Loading projects…" />
      ) : list.isError ? (
        <ErrorBlock message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !data?.list.length ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-12 text-center">
          <h2 className="text-lg font-semibold text-text">
            {keyword ? 'No project matches your search' : 'No projects yet'}
          </h2>
          <p className="max-w-md text-sm text-muted">
            {keyword
              ? 'Try another name.'
              : 'Start a video: write what your avatar says, scene by scene, and render it when it looks right.'}
          </p>
          {keyword ? null : <Button onClick={() => setCreating(true)}>Create your first project</Button>}
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
            {data.list.map((p) => (
              <ProjectCard
                key={p.id}
                project={p}
                onRename={() => setRenaming(p)}
                onDuplicate={() =>
                  duplicate.mutate(p.id, {
                    onSuccess: () => toast.success(`Copied "${p.name}"`),
                    onError: (e) => toast.error(e.message),
                  })
                }
                onDelete={() => setDeleting(p)}
              />
            ))}
          </ul>
          <Pagination page={page} lastPage={data.lastPage} total={data.total} onChange={setPage} />
        </>
      )}
      <CreateProjectFlow open={creating} onClose={() => setCreating(false)} />
      <RenameModal project={renaming} onClose={() => setRenaming(null)} />
      <ConfirmationModal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete project"
        message={deleting ? `Delete "${deleting.name}" and its files? This cannot be undone.` : ''}
        confirmText="Delete"
        cancelText="Cancel"
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id, { onError: (e) => toast.error(e.message) })}
      />
    </div>
  )
}
