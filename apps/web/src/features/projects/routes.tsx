import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

const projects = () => import('./pages/projects-page').then((m) => m.ProjectsPage)
const editor = () => import('./pages/video-editor-page').then((m) => m.VideoEditorPage)
const dashboardProject = () => import('./pages/dashboard-project-page').then((m) => m.DashboardProjectPage)
const dashboardProjectItem = () => import('./pages/project-item-page').then((m) => m.ProjectItemPage)
const assets = () => import('./pages/asset-management-page').then((m) => m.AssetManagementPage)
const listCalls = () =>
  import('@mouthpiece/contracts/projects/projects.contract').then((m) => [m.listProjects])
const editorCalls = () =>
  import('@mouthpiece/contracts/projects/projects.contract').then((m) => [m.getProject])

/**
 * The projects list (SPEC §2 /projects, /dashboard/my-projects, and /video-editor, /video-editor-v1
 * without a project) and one editor behind the three editor paths with an id, in the video-editor
 * layout (mobile alert). All need an enabled user.
 */
export const PROJECTS_ROUTES: AppRoute[] = [
  {
    path: PATHS.projects,
    layout: 'client',
    guard: 'user',
    calls: listCalls,
    title: 'Projects',
    page: projects,
  },
  {
    path: PATHS.dashboardMyProjects,
    layout: 'client',
    guard: 'user',
    calls: listCalls,
    title: 'My projects',
    page: projects,
  },
  // #video (default) and #ad (the ads feature's tab).
  {
    path: PATHS.dashboardProject,
    layout: 'client',
    guard: 'user',
    calls: listCalls,
    title: 'Projects',
    page: dashboardProject,
  },
  // One project: a video project, or with #ad an ad project (ids are per kind, the hash says which).
  {
    path: PATHS.dashboardProjectItem,
    layout: 'client',
    guard: 'user',
    calls: editorCalls,
    title: 'Project',
    page: dashboardProjectItem,
  },
  {
    path: PATHS.dashboardAssetManagement,
    layout: 'client',
    guard: 'user',
    title: 'Asset management',
    page: assets,
  },
  // The editor paths without a project open the list to pick one from.
  {
    path: PATHS.videoEditor,
    layout: 'client',
    guard: 'user',
    calls: listCalls,
    title: 'Projects',
    page: projects,
  },
  {
    path: PATHS.videoEditorV1,
    layout: 'client',
    guard: 'user',
    calls: listCalls,
    title: 'Projects',
    page: projects,
  },
  {
    path: PATHS.videoEditorItem,
    layout: 'video-editor',
    guard: 'user',
    calls: editorCalls,
    title: 'Video editor',
    page: editor,
  },
  {
    path: PATHS.videoEditorV1Item,
    layout: 'video-editor',
    guard: 'user',
    calls: editorCalls,
    title: 'Video editor',
    page: editor,
  },
  {
    path: PATHS.videoEditorNewItem,
    layout: 'video-editor',
    guard: 'user',
    calls: editorCalls,
    title: 'Video editor',
    page: editor,
  },
]
