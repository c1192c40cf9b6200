import { z } from 'zod'
import { defineRoute } from '../define-route'
import { PageQuery, pageOf } from '../users/users.schemas'
import {
  EARLY_REGISTER_LISTS,
  EarlyRegister,
  EarlyRegisterBody,
  ExportEmail,
} from './early-registers.schemas'

/** SPEC §7 "early-register {uuid, email, surveys, channels, role}": public sign-up for early access. */
export const earlyRegister = defineRoute({
  method: 'POST',
  path: '/api/early-register',
  auth: 'public',
  summary: 'Sign up for early access with the survey answers; a known email updates its answers',
  body: EarlyRegisterBody,
  response: z.object({ message: z.string(), updated: z.boolean() }),
})

// Admin (SPEC §7 "Early register: list {page}; CSV export; TTS early access list and export")
export const adminListEarlyRegisters = defineRoute({
  method: 'GET',
  path: '/api/admin/early-registers',
  auth: 'admin',
  summary: 'Early-access sign-ups, newest first',
  query: PageQuery,
  response: pageOf(EarlyRegister),
})
export const adminListTtsEarlyAccess = defineRoute({
  method: 'GET',
  path: '/api/admin/early-registers/tts',
  auth: 'admin',
  summary: 'Sign-ups who asked for TTS alerts, newest first',
  query: PageQuery,
  response: pageOf(EarlyRegister),
})
/** CSV download (blob). */
export const adminExportEarlyRegisters = defineRoute({
  method: 'GET',
  path: '/api/admin/early-registers/export',
  auth: 'admin',
  summary: 'Every early-access sign-up as CSV',
})
/** CSV download (blob). */
export const adminExportTtsEarlyAccess = defineRoute({
  method: 'GET',
  path: '/api/admin/early-registers/tts/export',
  auth: 'admin',
  summary: 'The TTS early-access list as CSV',
})
/** SPEC §5 "CSV export email dialog": mails the CSV as an attachment. */
export const adminSendEarlyRegistersCsv = defineRoute({
  method: 'POST',
  path: '/api/admin/early-registers/send-csv',
  auth: 'admin',
  summary: 'Mail a CSV export to an address',
  body: z.object({ email: ExportEmail, list: z.enum(EARLY_REGISTER_LISTS).default('all') }),
  response: z.object({ ok: z.literal(true), email: z.string(), rows: z.number().int() }),
})
