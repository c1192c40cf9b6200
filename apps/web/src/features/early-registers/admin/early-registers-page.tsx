import { useState } from 'react'
import { NavLink } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type {
  EarlyRegister,
  EarlyRegisterList,
} from '@mouthpiece/contracts/early-registers/early-registers.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { MailIcon } from '../../../components/ui/icons'
import { Pagination } from '../../../components/ui/pagination'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { ApiError } from '../../../lib/api'
import { isSuccess } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { downloadEarlyRegistersCsv, earlyRegistersQuery } from '../api'
import { PLATFORM_LABEL, SurveyIconView } from '../components/survey-icon'
import { ExportEmailModal } from './export-email-modal'

export const EARLY_REGISTERS_PATH = '/admin/early-registers'
export const TTS_EARLY_ACCESS_PATH = '/admin/early-registers/tts'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function ChannelLinks({ row }: { row: EarlyRegister }) {
  if (!row.channels.length) return <span className="text-muted">—</span>
  return (
    <ul className="flex flex-col gap-1">
      {row.channels.map((c) => {
        const href = c.url ? (/^https?:\/\//i.test(c.url) ? c.url : `https://${c.url}`) : undefined
        return (
          <li key={c.platform} className="flex items-center gap-2">
            <SurveyIconView icon={c.platform} size={16} />
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noreferrer noopener"
                className="max-w-56 truncate text-[#c9cedb] hover:text-accent"
                title={c.url}
              >
                {c.url.replace(/^https?:\/\/(www\.)?/i, '')}
              </a>
            ) : (
              <span className="text-[#c9cedb]">{PLATFORM_LABEL[c.platform]}</span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

const columns: Array<Column<EarlyRegister>> = [
  { key: 'email', header: 'Email', cell: (r) => <span className="font-medium text-text">{r.email}</span> },
  {
    key: 'role',
    header: 'Role',
    cell: (r) => (
      <span className="flex flex-wrap gap-1.5">
        <Badge tone={r.role === 'creator' ? 'accent' : 'neutral'}>
          {r.role === 'creator' ? 'Creator' : 'Fan'}
        </Badge>
        {r.wants_tts ? <Badge tone="success">TTS</Badge> : null}
      </span>
    ),
  },
  { key: 'channels', header: 'Channels', cell: (r) => <ChannelLinks row={r} />, hideOnMobile: true },
  {
    key: 'answers',
    header: 'Answers',
    hideOnMobile: true,
    cell: (r) => (
      <dl className="flex max-w-md flex-col gap-1 text-xs">
        {r.surveys.map((s) => (
          <div key={s.question_id}>
            <dt className="inline text-muted">{s.question} </dt>
            <dd className="inline text-[#d4d8e3]">{s.answer}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    key: 'created',
    header: 'Signed up',
    cell: (r) => (
      <span className="whitespace-nowrap text-muted">{dateFormat.format(new Date(r.created_at))}</span>
    ),
  },
]

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
    isActive ? 'bg-accent/12 text-accent' : 'text-muted hover:text-text',
  )

/** /admin/early-registers and /admin/early-registers/tts: the sign-ups, a CSV download and the CSV-by-email dialog. */
export function EarlyRegistersAdminPage({ list }: { list: EarlyRegisterList }) {
  const { page, setPage } = useListParams([])
  const query = useQuery(earlyRegistersQuery(list, page))
  const [emailOpen, setEmailOpen] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const toast = useToast()

  const download = async () => {
    setDownloading(true)
    const result = await downloadEarlyRegistersCsv(list)
    setDownloading(false)
    if (!isSuccess(result)) toast.error(result.message)
  }

  return (
    <>
      <PageHeader
        title={list === 'tts' ? 'TTS early access' : 'Early registers'}
        description={
          list === 'tts'
            ? 'Sign-ups who asked for spoken TTS alerts or tips read aloud.'
            : 'Everyone who signed up for early access from the landing page, with their survey answers.'
        }
        actions={
          <>
            <Button variant="secondary" icon={<MailIcon size={16} />} onClick={() => setEmailOpen(true)}>
              Send CSV by email
            </Button>
            <Button loading={downloading} onClick={() => void download()}>
              Download CSV
            </Button>
          </>
        }
      />
      <nav aria-label="Early register lists" className="mb-4 flex gap-1">
        <NavLink to={EARLY_REGISTERS_PATH} end className={tabClass}>
          All sign-ups
        </NavLink>
        <NavLink to={TTS_EARLY_ACCESS_PATH} className={tabClass}>
          TTS early access
        </NavLink>
      </nav>
      <DataTable
        caption={list === 'tts' ? 'TTS early access' : 'Early registers'}
        columns={columns}
        rows={query.data?.list}
        rowKey={(r) => r.id}
        loading={query.isFetching}
        error={
          query.error instanceof ApiError
            ? query.error.failure.message
            : query.error
              ? 'Something went wrong. Try again!'
              : undefined
        }
        onRetry={() => void query.refetch()}
        emptyText={
          list === 'tts' ? 'Nobody has asked for TTS early access yet.' : 'No early-access sign-ups yet.'
        }
      />
      {query.data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            lastPage={query.data.lastPage}
            total={query.data.total}
            onChange={setPage}
          />
        </div>
      ) : null}
      <ExportEmailModal open={emailOpen} onClose={() => setEmailOpen(false)} list={list} />
    </>
  )
}

export const EarlyRegistersPage = () => <EarlyRegistersAdminPage list="all" />
export const TtsEarlyAccessPage = () => <EarlyRegistersAdminPage list="tts" />
