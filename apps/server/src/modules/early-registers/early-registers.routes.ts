import {
  adminExportEarlyRegisters,
  adminExportTtsEarlyAccess,
  adminListEarlyRegisters,
  adminListTtsEarlyAccess,
  adminSendEarlyRegistersCsv,
  earlyRegister,
} from '@mouthpiece/contracts/early-registers/early-registers.contract'
import type { EarlyRegisterList } from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import type { FastifyReply } from 'fastify'
import type { HttpContext } from '../../platform/context'
import * as earlyRegisters from './early-registers.service'
import { csvHeaders } from '../../platform/http/csv'

/** SPEC §7 early-register (public) and the admin early-register calls. */
export function registerEarlyRegistersRoutes({ route, db, config }: HttpContext) {
  const deps = { db, config }
  const download = async (list: EarlyRegisterList, reply: FastifyReply) => {
    const { csv, fileName } = await earlyRegisters.exportCsv(deps, list)
    // A download, not a JSON answer: sent here, so the handler returns nothing.
    await reply.headers(csvHeaders(fileName)).send(csv)
    return undefined
  }

  route(earlyRegister, async ({ body }) => earlyRegisters.register(deps, body), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  })

  route(adminListEarlyRegisters, async ({ query }) => earlyRegisters.listPage(deps, 'all', query.page))
  route(adminListTtsEarlyAccess, async ({ query }) => earlyRegisters.listPage(deps, 'tts', query.page))
  route(adminExportEarlyRegisters, async ({ reply }) => download('all', reply))
  route(adminExportTtsEarlyAccess, async ({ reply }) => download('tts', reply))
  route(adminSendEarlyRegistersCsv, async ({ body }) => earlyRegisters.sendCsv(deps, body))
}
