import { Link, useNavigate } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Card, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { Pagination } from '../../../components/ui/pagination'
import { to } from '../../../app/paths'
import { useListParams } from '../../../lib/list-params'
import { outboxQuery } from '../api'

interface MailRow {
  id: string
  to: string
  subject: string
  created_at: string
}

export const formatDateTime = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? '—'
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

const columns: Array<Column<MailRow>> = [
  {
    key: 'subject',
    header: 'Subject',
    cell: (m) => (
      <Link
        to={to.adminOutboxMail(m.id)}
        onClick={(e) => e.stopPropagation()}
        className="font-medium text-text hover:text-accent"
      >
        {m.subject || '(no subject)'}
      </Link>
    ),
  },
  { key: 'to', header: 'To', cell: (m) => <span className="break-all">{m.to}</span> },
  {
    key: 'date',
    header: 'Sent',
    hideOnMobile: true,
    cell: (m) => <span className="whitespace-nowrap text-muted">{formatDateTime(m.created_at)}</span>,
  },
]

/** /admin/outbox: the mails the server wrote to its outbox (the embedded mail default). */
export function OutboxPage() {
  const { page, setPage } = useListParams([])
  const navigate = useNavigate()
  const mails = useQuery(outboxQuery(page))
  return (
    <div>
      <PageHeader
        title="Outbox"
        description="Without an SMTP server, every mail Mouthpiece sends — password resets, support messages — is kept here."
      />
      <DataTable
        caption="Outbox"
        columns={columns}
        rows={mails.data?.list}
        rowKey={(m) => m.id}
        loading={mails.isPending}
        error={mails.isError ? mails.error.message : undefined}
        onRetry={() => void mails.refetch()}
        emptyText="No mail has been sent yet."
        onRowClick={(m) => void navigate(to.adminOutboxMail(m.id))}
      />
      {mails.data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            lastPage={mails.data.lastPage}
            total={mails.data.total}
            onChange={setPage}
          />
        </div>
      ) : null}
      <Card className="mt-6">
        <p className="text-sm text-muted">
          Set SMTP_URL on the server to deliver mail for real; the outbox then stays empty.
        </p>
      </Card>
    </div>
  )
}
