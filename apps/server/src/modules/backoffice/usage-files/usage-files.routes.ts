import { adminExportUsageFiles } from '@mouthpiece/contracts/tracking/tracking.contract'
import type { HttpContext } from '../../../platform/context'
import { csvHeaders } from '../../../platform/http/csv'
import { exportUsageFilesCsv } from './usage-files.service'

/**
 * The admin usage-data screen's "export files" (its contract is tracking's): every stored file of
 * every user, read across the renders, voices, donations and avatars tables. It lives here, above
 * those modules, so tracking (which they all call) imports none of them.
 */
export function registerUsageFilesRoutes({ route, db, storage }: HttpContext) {
  route(adminExportUsageFiles, async ({ reply }) => {
    const { csv, fileName } = await exportUsageFilesCsv({ db, storage })
    // A download, not a JSON answer: sent here, so the handler returns nothing.
    await reply.headers(csvHeaders(fileName)).send(csv)
    return undefined
  })
}
