import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { ProjectSummary } from '@mouthpiece/contracts/projects/projects.schemas'
import { Dropdown, menuItemClass } from '../../../components/ui/dropdown'
import { VideoIcon } from '../../../components/ui/icons'
import { PATHS } from '../../../app/paths'
import { API_BASE_URL } from '../../../lib/api'
import { projectThumbnail } from '../editor/preview-images'

const editorLink = (id: number) => PATHS.videoEditorItem.replace(':id', String(id))
const duration = (s: number) =>
  s ? `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}` : 'no audio yet'

/** The first frame: the server's thumbnail, else the one the editor cached in previewImgs. */
function useThumbnail(project: ProjectSummary): string | undefined {
  const [cached, setCached] = useState<string>()
  useEffect(() => {
    if (project.thumbnail_url) return
    let live = true
    void projectThumbnail(project.id).then((url) => live && setCached(url))
    return () => {
      live = false
    }
  }, [project.id, project.thumbnail_url, project.version])
  return project.thumbnail_url ? API_BASE_URL + project.thumbnail_url : cached
}

export function ProjectCard({
  project,
  onRename,
  onDuplicate,
  onDelete,
}: {
  project: ProjectSummary
  onRename: () => void
  onDuplicate: () => void
  onDelete: () => void
}) {
  const thumb = useThumbnail(project)
  return (
    <li
      className="group overflow-hidden rounded-xl border border-border bg-surface transition-colors hover:border-accent/60"
      data-testid="project-card"
    >
      <Link
        to={editorLink(project.id)}
        className="block aspect-video bg-[#11141c]"
        aria-label={`Open ${project.name}`}
      >
        {thumb ? (
          <img src={thumb} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center text-muted">
            <VideoIcon size={32} />
          </span>
        )}
      </Link>
      <div className="flex items-start justify-between gap-2 p-3">
        <div className="min-w-0">
          <Link
            to={editorLink(project.id)}
            className="block truncate text-sm font-semibold text-text hover:text-accent"
          >
            {project.name}
          </Link>
          <p className="text-xs text-muted">
            {project.scene_count} scene{project.scene_count === 1 ? '' : 's'} · {duration(project.duration)} ·
            edited {new Date(project.updated_at).toLocaleDateString()}
          </p>
        </div>
        <Dropdown
          trigger={<span aria-hidden>⋯</span>}
          triggerLabel={`Actions for ${project.name}`}
          triggerClassName="h-8 w-8 rounded-md text-muted hover:bg-surface-2 hover:text-text"
        >
          {(close) => (
            <>
              <button
                type="button"
                role="menuitem"
                className={menuItemClass}
                onClick={() => (close(), onRename())}
              >
                Rename
              </button>
              <button
                type="button"
                role="menuitem"
                className={menuItemClass}
                onClick={() => (close(), onDuplicate())}
              >
                Duplicate
              </button>
              <button
                type="button"
                role="menuitem"
                className={`${menuItemClass} text-danger`}
                onClick={() => (close(), onDelete())}
              >
                Delete
              </button>
            </>
          )}
        </Dropdown>
      </div>
    </li>
  )
}
