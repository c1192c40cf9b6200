import type { HttpContext } from '../../platform/context'
import { registerFinalVideosRoutes } from './final-videos/final-videos.routes'
import { registerAdminProjectsRoutes } from './projects/admin-projects.routes'
import { registerUsageFilesRoutes } from './usage-files/usage-files.routes'

/** The admin screens over other modules' data (README.md is the map). */
export function registerBackofficeRoutes(ctx: HttpContext) {
  registerAdminProjectsRoutes(ctx)
  registerFinalVideosRoutes(ctx)
  registerUsageFilesRoutes(ctx)
}
