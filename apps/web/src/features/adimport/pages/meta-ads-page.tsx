import { useState } from 'react'
import { Link } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  metaBusinessAdAccounts,
  metaCampaigns,
  metaConnect,
  metaConnectAdAccount,
  metaInsights,
} from '@mouthpiece/contracts/adimport/meta-ads.contract'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError, request } from '../../../lib/api'
import { browser } from '../../../lib/browser'
import { cn } from '../../../lib/cn'
import { adKeys, forgetMetaKey, metaBusinessesQuery, metaKey, metaMeQuery } from '../api'
import { ImportNote, RowsTable, TotalsTable } from '../components/ad-tables'

const message = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : e ? 'Something went wrong. Try again!' : null
const isReconnect = (e: unknown) =>
  e instanceof ApiError && (e.failure.code === 'meta_reconnect' || e.failure.code === 'meta_not_connected')

export function ConnectMeta({ label = 'Connect Meta' }: { label?: string }) {
  const connect = useMutation({
    mutationFn: () => request(metaConnect, { query: { redirect_uri: window.location.pathname } }),
    onSuccess: (r) => browser.assign(r.url),
  })
  return (
    <div>
      <Button
        loading={connect.isPending}
        onClick={() => {
          forgetMetaKey()
          connect.mutate()
        }}
      >
        {label}
      </Button>
      {message(connect.error) ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {message(connect.error)}
        </p>
      ) : null}
    </div>
  )
}

/** /meta-ads: connect with Facebook Login, pick a business and an ad account, see campaigns and import insights. */
export function MetaAdsPage() {
  const [token] = useState(metaKey)
  const me = useQuery(metaMeQuery(token))
  const businesses = useQuery(metaBusinessesQuery(token))
  const [business, setBusiness] = useState<string | null>(null)
  const [act, setAct] = useState<string | null>(null)
  const client = useQueryClient()
  const owned = useQuery({
    queryKey: [...adKeys.meta, 'owned', business],
    queryFn: ({ signal }) =>
      request(metaBusinessAdAccounts, { query: { token: token!, business_id: business! }, signal }),
    enabled: !!business,
  })
  const campaigns = useQuery({
    queryKey: [...adKeys.meta, 'campaigns', act],
    queryFn: ({ signal }) =>
      request(metaCampaigns, { body: { token: token!, ads_account_id: act! }, signal }),
    enabled: !!act,
    retry: false,
  })
  const insights = useMutation({
    mutationFn: () => request(metaInsights, { body: { token: token!, ads_account_id: act! } }),
  })
  const track = useMutation({
    mutationFn: () => request(metaConnectAdAccount, { body: { token: token!, id: act! } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adKeys.meta }),
  })

  if (!token || isReconnect(me.error)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <PageHeader
          title="Meta ads"
          description="Connect your Meta (Facebook) business login to import what your social ads did."
        />
        <Card>
          {isReconnect(me.error) ? (
            <p role="alert" className="mb-4 text-sm text-warning">
              {message(me.error)}
            </p>
          ) : null}
          <ConnectMeta label={me.error ? 'Connect Meta again' : 'Connect Meta'} />
        </Card>
      </div>
    )
  }
  if (me.isPending) return <LoadingBlock label="Asking Meta…" />
  const accounts = business ? owned.data?.ad_accounts : me.data?.ad_accounts
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title="Meta ads"
        description={me.data ? `Connected as ${me.data.name}` : undefined}
        actions={
          <Link className="text-sm text-accent hover:underline" to="/meta-data-tracking">
            Data tracking →
          </Link>
        }
      />
      {message(me.error) ? (
        <p role="alert" className="mb-4 text-sm text-danger">
          {message(me.error)}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Card title="Business">
          <div className="grid gap-2">
            <button
              type="button"
              onClick={() => {
                setBusiness(null)
                setAct(null)
              }}
              className={cn(
                'rounded-lg border px-3 py-2 text-left text-sm',
                !business ? 'border-accent bg-accent/10' : 'border-border',
              )}
            >
              All my ad accounts
            </button>
            {businesses.data?.businesses.map((b) => (
              <button
                key={b.id}
                type="button"
                onClick={() => {
                  setBusiness(b.id)
                  setAct(null)
                }}
                className={cn(
                  'rounded-lg border px-3 py-2 text-left text-sm',
                  business === b.id ? 'border-accent bg-accent/10' : 'border-border',
                )}
              >
                {b.name}
              </button>
            ))}
          </div>
        </Card>
        <Card title="Ad accounts">
          {business && owned.isPending ? (
            <LoadingBlock />
          ) : (
            <div className="grid gap-2 sm:grid-cols-2">
              {accounts?.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  onClick={() => setAct(a.id)}
                  className={cn(
                    'rounded-xl border p-3 text-left',
                    act === a.id
                      ? 'border-accent bg-accent/10'
                      : 'border-border bg-surface hover:border-[#3a4052]',
                  )}
                >
                  <p className="font-medium text-text">{a.name}</p>
                  <p className="text-xs text-muted">
                    {a.id} · {a.currency} · {a.status}
                    {a.amount_spent !== null && a.currency
                      ? ` · spent ${new Intl.NumberFormat(undefined, { style: 'currency', currency: a.currency }).format(a.amount_spent)}`
                      : ''}
                  </p>
                  {a.connected ? <Badge tone="success">tracked</Badge> : null}
                </button>
              ))}
              {accounts?.length ? null : <p className="text-sm text-muted">No ad accounts here.</p>}
            </div>
          )}
        </Card>
      </div>
      {act ? (
        <section className="mt-8 space-y-4" aria-label="Ad account">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-text">Campaigns</h2>
            <div className="flex gap-2">
              <Button variant="secondary" loading={track.isPending} onClick={() => track.mutate()}>
                {track.isSuccess ? 'Tracked' : 'Track this account'}
              </Button>
              <Button loading={insights.isPending} onClick={() => insights.mutate()}>
                Import insights (30 days)
              </Button>
            </div>
          </div>
          {campaigns.isPending ? (
            <LoadingBlock />
          ) : message(campaigns.error) ? (
            <p role="alert" className="text-sm text-danger">
              {message(campaigns.error)}
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {campaigns.data?.campaigns.map((c) => (
                <li key={c.id} className="rounded-xl border border-border bg-surface p-3">
                  <p className="text-sm font-medium text-text">{c.name}</p>
                  <p className="text-xs text-muted">
                    {c.objective ?? ''} · {(c.effective_status ?? c.status).toLowerCase()}
                    {c.daily_budget ? ` · ${c.daily_budget}/day` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {message(insights.error) ? (
            <p role="alert" className="text-sm text-danger">
              {message(insights.error)}
            </p>
          ) : null}
          {insights.data ? (
            <div className="space-y-4">
              <ImportNote summary={insights.data.import} />
              <TotalsTable
                caption="Insights by campaign"
                rows={insights.data.campaigns}
                empty="No delivery in this range."
              />
              <RowsTable caption="Insights by day" rows={insights.data.rows} />
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
