import { PROJECTS_MAIL_MAX_ROWS } from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type {
  AdminProject,
  AdminProjectFilter,
} from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import { ProjectDocument, ProjectSettings } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { Platform } from '../../../platform/context'
import { csvFileName } from '../../../platform/http/csv'
import { AppError } from '../../../platform/http/errors'
import { sendMail } from '../../../platform/mail/send-mail'
import { recordAudit } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import { assertEntitled } from '../../payments'
import {
  PROJECT_CSV_HEADER,
  adminProjectsPage,
  commit,
  conflict,
  countAdminProjects,
  findAdminProject,
  findProjectRow as findById,
  projectNotFound,
  scanAdminProjectsCsv,
} from '../../projects'
import type { AdminProjectRow as Row, ProjectsDeps } from '../../projects'
type ListArgs = AdminProjectFilter & { sort?: string; dir?: SortDir }

export const presentAdminProject = (r: Row): AdminProject => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

export async function listProjectsPage(
  deps: Pick<Platform, 'db'>,
  q: ListArgs & { page: number; per_page: number },
) {
  const page = await adminProjectsPage(deps.db, q)
  return { ...page, list: page.list.map(presentAdminProject) }
}

/** The whole filtered set as CSV text, batch by batch, written by the database (no row cap, memory bounded). */
export const scanProjectsCsv = (deps: Pick<Platform, 'db'>, q: ListArgs) => scanAdminProjectsCsv(deps.db, q)

/**
 * SPEC "export projects CSV {email}": the projects matching the keyword, mailed as an attachment
 * (SPEC §8 "CSV send"). A mail carries the whole file, so it has a size limit a download has not.
 */
export async function mailProjectsCsv(
  deps: Pick<Platform, 'db' | 'config'>,
  actor: AdminAuditActor,
  input: { email: string; keyword?: string },
) {
  const rows = await countAdminProjects(deps.db, input)
  if (rows > PROJECTS_MAIL_MAX_ROWS)
    throw new AppError(
      'too_many_rows',
      `${rows} projects are too many to mail (at most ${PROJECTS_MAIL_MAX_ROWS}). Narrow the search or download the CSV instead.`,
      422,
    )
  // A mail attachment is one piece, so the text is gathered here: bounded by the row limit above.
  let csv = `\uFEFF${PROJECT_CSV_HEADER.join(',')}\r\n`
  for await (const chunk of scanProjectsCsv(deps, { keyword: input.keyword, sort: 'id', dir: 'asc' }))
    csv += chunk
  const fileName = csvFileName('projects')
  // The export is personal data leaving the system: logged before it goes, in one transaction with
  // the mail's cooldown slot, so a send that is refused (cooldown) or fails leaves no audit row.
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, actor, 'projects.export-mail', {
      meta: { email: input.email, keyword: input.keyword ?? null, rows },
    })
    await sendMail({ db: tx, config: deps.config }, 'projects_export', {
      to: input.email,
      subject: `Mouthpiece projects (${rows} ${rows === 1 ? 'row' : 'rows'})`,
      text: `Attached is the projects export${input.keyword ? ` for “${input.keyword}”` : ''}: ${rows} ${rows === 1 ? 'row' : 'rows'}, file ${fileName}.\n\nSent from the Mouthpiece admin area.`,
      attachments: [{ filename: fileName, content: csv, contentType: 'text/csv; charset=utf-8' }],
    })
  })
  return { ok: true as const, email: input.email, rows }
}

async function projectRowFor(deps: Pick<Platform, 'db'>, id: number): Promise<Row> {
  const row = await findAdminProject(deps.db, id)
  if (!row) throw projectNotFound()
  return row
}

export async function getProjectSetting(deps: Pick<Platform, 'db'>, id: number) {
  const row = await findById(deps.db, id)
  if (!row) throw projectNotFound()
  const settings = ProjectDocument.parse(row.document).settings
  return { project: { ...presentAdminProject(await projectRowFor(deps, id)), settings } }
}

/**
 * An admin changes a project's settings for its owner (support: "my export is portrait"): the same
 * versioned write the editor makes, so an open editor sees the change, with the audit entry in the
 * same transaction. 1080p still needs the owner's plan: an admin cannot grant a paid feature here.
 */
export async function updateProjectSetting(
  deps: ProjectsDeps,
  actor: AdminAuditActor,
  id: number,
  version: number,
  settings: Partial<ProjectSettings>,
) {
  const row = await findById(deps.db, id)
  if (!row) throw projectNotFound()
  if (row.version !== version) throw conflict(row.version)
  const doc = ProjectDocument.parse(row.document)
  if (settings.video_resolution === '1080p' && doc.settings.video_resolution !== '1080p')
    await assertEntitled(deps.db, row.user_id, { resolution: '1080p' })
  const next = { ...doc, settings: ProjectSettings.parse({ ...doc.settings, ...settings }) }
  await commit(deps, row, version, next, {
    kind: 'admin-settings',
    inTx: async (tx) => {
      await recordAudit(tx, actor, 'projects.update-setting', {
        target: { type: 'project', id },
        before: doc.settings,
        after: next.settings,
      })
    },
  })
  return getProjectSetting(deps, id)
}
