import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import {
  googleAdGroups,
  googleAdsInAdGroup,
  googleCampaigns,
  googleDownloadAssets,
} from '@mouthpiece/contracts/adimport/google-ads.contract'
import { Button } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError, isSuccess, request } from '../../../lib/api'
import { downloadFile } from '../../../lib/download'
import { ImportNote, RowsTable, TotalsTable } from '../components/ad-tables'

const message = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

/** /google-ads/:id: imports the customer's last 30 days, then campaigns → ad groups → ads, and the CSV. */
export function GoogleAdsAccountPage() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const via = params.get('via') ?? undefined
  const [campaign, setCampaign] = useState<{ id: string; name: string } | null>(null)
  const [group, setGroup] = useState<{ id: string; name: string } | null>(null)
  const toast = useToast()
  const [downloading, setDownloading] = useState(false)
  const campaigns = useQuery({
    queryKey: ['adimport', 'google', 'campaigns', id, via],
    queryFn: ({ signal }) => request(googleCampaigns, { query: { id, login_customer_id: via }, signal }),
    retry: false,
    staleTime: 60_000,
  })
  const groups = useQuery({
    queryKey: ['adimport', 'google', 'groups', id, campaign?.id],
    queryFn: ({ signal }) => request(googleAdGroups, { query: { id, campaign_id: campaign!.id }, signal }),
    enabled: !!campaign && campaigns.isSuccess,
  })
  const ads = useQuery({
    queryKey: ['adimport', 'google', 'ads', id, group?.id],
    queryFn: ({ signal }) => request(googleAdsInAdGroup, { query: { id, ad_group_id: group!.id }, signal }),
    enabled: !!group,
  })
  const download = async () => {
    setDownloading(true)
    const r = await downloadFile(googleDownloadAssets, `google-ads-${id}.csv`, { id })
    setDownloading(false)
    if (!isSuccess(r)) toast.error(r.message)
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader
        title={campaigns.data ? `Google Ads · ${id}` : 'Google Ads account'}
        description={
          <>
            <Link to="/google-ads" className="text-accent underline underline-offset-2">
              All accounts
            </Link>
            {via ? ` · through manager ${via}` : ''}
          </>
        }
        actions={
          <Button
            variant="secondary"
            loading={downloading}
            disabled={!campaigns.isSuccess}
            onClick={() => void download()}
          >
            Download CSV
          </Button>
        }
      />
      {campaigns.isPending ? (
        <LoadingBlock label="Importing the last 30 days from Google Ads…" />
      ) : campaigns.error ? (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
          {message(campaigns.error)}
        </p>
      ) : (
        <div className="space-y-6">
          <ImportNote summary={campaigns.data.import} />
          <TotalsTable
            caption="Campaigns"
            rows={campaigns.data.campaigns}
            empty="No campaign had delivery in the last 30 days."
            onOpen={(c) => {
              setCampaign(c)
              setGroup(null)
            }}
          />
          {campaign ? (
            <section aria-label="Ad groups">
              <h2 className="mb-3 text-lg font-semibold text-text">Ad groups of {campaign.name}</h2>
              <TotalsTable
                caption="Ad groups"
                rows={groups.data?.ad_groups}
                loading={groups.isFetching}
                empty="No ad groups."
                onOpen={(g) => setGroup(g)}
              />
            </section>
          ) : null}
          {group ? (
            <section aria-label="Ads">
              <h2 className="mb-3 text-lg font-semibold text-text">Ads in {group.name}</h2>
              <TotalsTable caption="Ads" rows={ads.data?.ads} loading={ads.isFetching} empty="No ads." />
              <div className="mt-4">
                <RowsTable caption="Ads by day" rows={ads.data?.rows} />
              </div>
            </section>
          ) : null}
        </div>
      )}
    </div>
  )
}
