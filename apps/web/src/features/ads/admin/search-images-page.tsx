import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { imageSearchProgress, retryImageSearch, searchImages } from '@mouthpiece/contracts/ads/image-search'
import type { ImageHit, ImageSearch } from '@mouthpiece/contracts/ads/image-search'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useToast } from '../../../components/ui/toast'
import { request } from '../../../lib/api'
import { failureText } from '../api'
import { AdminRetryButton, statusTone, when } from './admin-parts'
import { SOCKET_FALLBACK_POLL_MS } from '../../../lib/use-socket-refresh'
import { useAdsAdminPush } from './use-ads-admin-push'

const SOURCE_LABEL: Record<ImageHit['source'], string> = {
  ad_asset: 'Ad upload',
  character: 'Cut-out',
  brand_logo: 'Brand logo',
  brand_image: 'Brand image',
  stock: 'Stock photo',
}
const running = (s: ImageSearch) => s.status === 'queued' || s.status === 'running'

const columns: Array<ServerColumn<ImageSearch>> = [
  {
    id: 'query',
    header: 'Search',
    cell: ({ row: { original: s } }) => (
      <div className="min-w-0">
        <p className="truncate font-medium text-text">{s.query}</p>
        <p className="text-xs text-muted">
          {when(s.created_at)}
          {s.stock ? ' · library and stock' : ' · library'}
        </p>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: s } }) => (
      <Badge tone={statusTone(s.status)}>{running(s) ? `${s.status} ${s.progress}%` : s.status}</Badge>
    ),
  },
  {
    id: 'found',
    header: 'Found',
    cell: ({ row: { original: s } }) => (
      <span className="text-xs text-muted">
        {s.error ?? `${s.results.length} image${s.results.length === 1 ? '' : 's'}`}
      </span>
    ),
  },
  {
    id: 'attempts',
    header: 'Runs',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-xs text-muted">{row.original.attempts}</span>,
  },
  {
    id: 'retry',
    header: '',
    cell: ({ row: { original: s } }) => (
      <AdminRetryButton
        failed={s.status === 'failed'}
        done="Search started again"
        run={() => request(retryImageSearch, { params: { id: s.id } })}
      />
    ),
  },
]

function Results({ search }: { search: ImageSearch }) {
  return (
    <Card
      title={`Results for “${search.query}”`}
      description={`${search.results.length} found · ${search.stock ? 'the image library and the stock-image service' : 'the image library (no stock-image service is configured)'}`}
    >
      {search.results.length === 0 ? (
        <p className="text-sm text-muted">
          {running(search) ? 'Searching…' : 'Nothing matches this search.'}
        </p>
      ) : (
        <ul className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3" aria-label="Found images">
          {search.results.map((h) => (
            <li
              key={`${h.source}:${h.ref}`}
              className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-text">{h.name}</span>
                <Badge tone={h.source === 'stock' ? 'accent' : 'neutral'}>{SOURCE_LABEL[h.source]}</Badge>
              </div>
              <span className="text-xs text-muted">
                {h.width}×{h.height}
                {h.owner ? ` · ${h.owner}` : ''}
                {h.brand ? ` · ${h.brand}` : ''}
              </span>
              {h.url ? (
                <a
                  href={h.url}
                  target="_blank"
                  rel="noreferrer"
                  className="truncate text-xs text-accent hover:underline"
                >
                  {h.url}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/**
 * /admin/search-images: search the product's own image library (ad uploads, cut-outs, brand logos
 * and images by name, brand or owner) and a stock-image service when one is configured; every
 * search with its progress `{page}`, retry after failure. The open search is `?search=` in the URL.
 */
export function SearchImagesPage() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const open = Number(params.get('search')) || null
  const client = useQueryClient()
  const toast = useToast()
  const [query, setQuery] = useState('')
  const searches = useQuery({
    queryKey: ['admin', 'ads', 'image-searches', page],
    queryFn: ({ signal }) => request(imageSearchProgress, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some(running) ? SOCKET_FALLBACK_POLL_MS : false),
  })
  useAdsAdminPush('image-search', ['admin', 'ads', 'image-searches'])
  const show = (id: number) =>
    setParams((s) => {
      s.set('search', String(id))
      return s
    })
  const start = useMutation({
    mutationFn: () => request(searchImages, { body: { query } }),
    onSuccess: (r) => {
      setQuery('')
      setParams((s) => {
        s.delete('page')
        s.set('search', String(r.search.id))
        return s
      })
      void client.invalidateQueries({ queryKey: ['admin', 'ads', 'image-searches'] })
    },
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  const shown = searches.data?.list.find((s) => s.id === open)
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Search images"
        description="Find pictures in the ads studio's library, and in the stock-image service when one is configured."
      />
      <Card>
        <form
          className="flex flex-col gap-3 md:flex-row md:items-end"
          onSubmit={(e) => {
            e.preventDefault()
            start.mutate()
          }}
        >
          <Field label="Search for" className="flex-1" error={failureText(start.error) ?? undefined}>
            <TextInput
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              maxLength={100}
              placeholder="A product, a brand or a username"
            />
          </Field>
          <Button type="submit" disabled={query.trim().length < 2} loading={start.isPending}>
            Search
          </Button>
        </form>
      </Card>
      {shown ? <Results search={shown} /> : null}
      <ServerTable
        caption="Image searches"
        columns={columns}
        data={searches.data}
        page={page}
        onPage={(p) =>
          setParams((s) => {
            s.set('page', String(p))
            return s
          })
        }
        rowKey={(s) => s.id}
        loading={searches.isPending}
        error={searches.isError ? searches.error.message : undefined}
        onRetry={() => void searches.refetch()}
        emptyText="No searches yet. Search above: the results show here."
        onRowClick={(s) => show(s.id)}
      />
    </div>
  )
}
