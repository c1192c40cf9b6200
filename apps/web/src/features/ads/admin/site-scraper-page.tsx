import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  adminRetryScrape,
  adminScrapeHandle,
  adminScrapeTasks,
} from '@mouthpiece/contracts/ads/scraper.contract'
import type { ScrapeTask } from '@mouthpiece/contracts/ads/scraper.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useToast } from '../../../components/ui/toast'
import { request } from '../../../lib/api'
import { failureText } from '../api'
import { SOCKET_FALLBACK_POLL_MS } from '../../../lib/use-socket-refresh'
import { useListParams } from '../../../lib/list-params'
import { useAdsAdminPush } from './use-ads-admin-push'

type Row = ScrapeTask & { username: string | null }
const tone = (s: string) => (s === 'completed' ? 'success' : s === 'failed' ? 'danger' : 'accent')

/** /admin/site-scraper: read a site into a user's brands (handle) and the tasks `{page}`, retry after failure. */
export function SiteScraperPage() {
  const { page, setPage } = useListParams([])
  const client = useQueryClient()
  const toast = useToast()
  const tasks = useQuery({
    queryKey: ['admin', 'scraper', page],
    queryFn: ({ signal }) => request(adminScrapeTasks, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((t) => t.status === 'queued' || t.status === 'running')
        ? SOCKET_FALLBACK_POLL_MS
        : false,
  })
  useAdsAdminPush('scrape', ['admin', 'scraper'])
  const [url, setUrl] = useState('')
  const [userId, setUserId] = useState('')
  const handle = useMutation({
    mutationFn: () => request(adminScrapeHandle, { body: { url, user_id: Number(userId) } }),
    onSuccess: () => {
      setUrl('')
      toast.success('Scrape started')
      void client.invalidateQueries({ queryKey: ['admin', 'scraper'] })
    },
  })
  const retry = useMutation({
    mutationFn: (id: string) => request(adminRetryScrape, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'scraper'] }),
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  const columns: Array<ServerColumn<Row>> = [
    {
      id: 'url',
      header: 'Site',
      cell: ({ row: { original: t } }) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-text">{t.url}</p>
          <p className="text-xs text-muted">
            {t.username ?? '—'} · {new Date(t.created_at).toLocaleString()}
          </p>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: t } }) => (
        <div className="flex flex-col gap-1">
          <Badge tone={tone(t.status)}>{t.status}</Badge>
          {t.status === 'running' && (
            <span className="text-xs text-muted">
              {t.stage} · {t.progress}%
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'result',
      header: 'Result',
      hideOnMobile: true,
      cell: ({ row: { original: t } }) => (
        <span className="text-xs text-muted">
          {t.error ??
            (t.brand_id
              ? `Brand #${t.brand_id}${t.warnings.length ? ` · ${t.warnings.length} warning(s)` : ''}`
              : '—')}
        </span>
      ),
    },
    {
      id: 'time',
      header: 'Time',
      hideOnMobile: true,
      cell: ({ row: { original: t } }) => (
        <span className="text-xs text-muted">
          {t.duration_ms !== null ? `${(t.duration_ms / 1000).toFixed(1)} s` : '—'} · {t.attempts}×
        </span>
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row: { original: t } }) =>
        t.status === 'failed' ? (
          <Button
            size="sm"
            variant="tertiary"
            loading={retry.isPending && retry.variables === t.id}
            onClick={() => retry.mutate(t.id)}
          >
            Retry
          </Button>
        ) : null,
    },
  ]
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Site scraper"
        description="Read a brand kit from a site into a user's brands, and follow every scrape."
      />
      <Card title="Scrape a site for a user">
        <form
          className="flex flex-col gap-3 md:flex-row md:items-end"
          onSubmit={(e) => {
            e.preventDefault()
            handle.mutate()
          }}
        >
          <Field label="Site address" className="flex-1" error={failureText(handle.error) ?? undefined}>
            <TextInput value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://brand.com" />
          </Field>
          <Field label="User ID">
            <TextInput
              inputMode="numeric"
              value={userId}
              onChange={(e) => setUserId(e.target.value.replace(/\D/g, ''))}
              className="w-28"
            />
          </Field>
          <Button type="submit" disabled={!url.trim() || !userId} loading={handle.isPending}>
            Scrape
          </Button>
        </form>
      </Card>
      <ServerTable
        caption="Scrape tasks"
        columns={columns}
        data={tasks.data}
        page={page}
        onPage={setPage}
        rowKey={(t) => t.id}
        loading={tasks.isPending}
        error={tasks.isError ? tasks.error.message : undefined}
        onRetry={() => void tasks.refetch()}
        emptyText="No scrapes yet."
      />
    </div>
  )
}
