import {
  EARLY_REGISTER_CREATED_MESSAGE,
  EARLY_REGISTER_UPDATED_MESSAGE,
} from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import type {
  EarlyRegister,
  EarlyRegisterBody,
  EarlyRegisterList,
  SurveyAnswerRecord,
} from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import {
  CHANNELS_QUESTION_ID,
  SURVEY_QUESTIONS,
  TTS_INTEREST_VALUE,
  findQuestion,
} from '@mouthpiece/contracts/early-registers/survey-questions'
import type { EarlyRegistersDeps } from './early-registers.deps'
import { sendMail } from '../../platform/mail/send-mail'
import type { MailMessage } from '../../platform/mail/mailer'
import type { EarlyRegisterRow } from './early-registers.table'
import * as repo from './early-registers.repo'
import { csvFileName, toCsv } from '../../platform/http/csv'

export const EARLY_REGISTERS_PER_PAGE = 20

/** The answers as stored: question and answer texts kept beside the values (the CSV reads them). */
function toRecords(body: EarlyRegisterBody): SurveyAnswerRecord[] {
  const records: SurveyAnswerRecord[] = []
  for (const a of body.surveys) {
    const q = findQuestion(body.role, a.question_id)
    // The contract already refused unknown questions; this keeps the types honest.
    if (!q) continue
    const values = typeof a.value === 'string' ? [a.value] : a.value
    const answer =
      q.type === 'text'
        ? values.join(' ').trim()
        : values.map((v) => q.answers.find((x) => x.value === v)?.content ?? v).join('; ')
    if (!answer) continue
    records.push({
      question_id: q.id,
      question: q.question,
      type: q.type,
      value: q.type === 'radio' || q.type === 'text' ? (values[0] ?? '') : values,
      answer,
    })
  }
  return records
}

const wantsTts = (records: SurveyAnswerRecord[]) =>
  records.some((r) =>
    Array.isArray(r.value) ? r.value.includes(TTS_INTEREST_VALUE) : r.value === TTS_INTEREST_VALUE,
  )

/** SPEC §7 early-register: a new email is added; a known one gets its answers replaced, never a second row. */
export async function register(
  deps: EarlyRegistersDeps,
  body: EarlyRegisterBody,
): Promise<{ message: string; updated: boolean }> {
  const surveys = toRecords(body)
  const { inserted } = await repo.upsert(deps.db, {
    uuid: body.uuid,
    email: body.email,
    role: body.role,
    surveys,
    channels: body.channels.map((c) => ({ platform: c.platform, url: c.url.trim() })),
    wants_tts: wantsTts(surveys),
  })
  return inserted
    ? { message: EARLY_REGISTER_CREATED_MESSAGE, updated: false }
    : { message: EARLY_REGISTER_UPDATED_MESSAGE, updated: true }
}

export function presentEarlyRegister(row: EarlyRegisterRow): EarlyRegister {
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    role: row.role === 'fan' ? 'fan' : 'creator',
    surveys: row.surveys,
    channels: row.channels,
    wants_tts: row.wants_tts,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export async function listPage(deps: EarlyRegistersDeps, list: EarlyRegisterList, page: number) {
  const { list: rows, total } = await repo.listPage(deps.db, {
    ttsOnly: list === 'tts',
    page,
    perPage: EARLY_REGISTERS_PER_PAGE,
  })
  return {
    list: rows.map(presentEarlyRegister),
    total,
    lastPage: Math.max(1, Math.ceil(total / EARLY_REGISTERS_PER_PAGE)),
  }
}

/** Survey columns: every question once (creators' then fans'), headed by its text. */
const surveyColumns = SURVEY_QUESTIONS.filter((q) => q.id !== CHANNELS_QUESTION_ID)

export async function exportCsv(deps: EarlyRegistersDeps, list: EarlyRegisterList, now = new Date()) {
  const rows = await repo.listAll(deps.db, { ttsOnly: list === 'tts' })
  const header = [
    'Email',
    'Role',
    'Channels',
    ...surveyColumns.map((q) => `${q.question} (${q.role})`),
    'TTS early access',
    'Signed up',
    'Updated',
    'UUID',
  ]
  const csv = toCsv(
    header,
    rows.map((r) => [
      r.email,
      r.role,
      r.channels.map((c) => (c.url ? `${c.platform}: ${c.url}` : c.platform)).join('; '),
      ...surveyColumns.map((q) =>
        q.role === r.role ? (r.surveys.find((s) => s.question_id === q.id)?.answer ?? '') : '',
      ),
      r.wants_tts,
      r.created_at.toISOString(),
      r.updated_at.toISOString(),
      r.uuid,
    ]),
  )
  return {
    csv,
    rows: rows.length,
    fileName: csvFileName(list === 'tts' ? 'tts-early-access' : 'early-registers', now),
  }
}

/** SPEC §5/§8 "CSV send": mails the export to the address the admin typed. */
export async function sendCsv(deps: EarlyRegistersDeps, input: { email: string; list: EarlyRegisterList }) {
  const { csv, rows, fileName } = await exportCsv(deps, input.list)
  const what = input.list === 'tts' ? 'TTS early-access list' : 'early-access sign-ups'
  const message: MailMessage = {
    to: input.email,
    subject: `Mouthpiece ${what} (${rows} ${rows === 1 ? 'row' : 'rows'})`,
    text: `Attached is the ${what} export: ${rows} ${rows === 1 ? 'row' : 'rows'}, file ${fileName}.\n\nSent from the Mouthpiece admin area.`,
    attachments: [{ filename: fileName, content: csv, contentType: 'text/csv; charset=utf-8' }],
  }
  await sendMail(deps, 'early_registers_export', message)
  return { ok: true as const, email: input.email, rows }
}
