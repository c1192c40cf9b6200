import { useState } from 'react'
import { Link } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { metaDisconnectAdAccount, metaDownloadAdData } from '@mouthpiece/contracts/adimport/meta-ads.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError, isSuccess, request } from '../../../lib/api'
import { downloadFile } from '../../../lib/download'
import { adKeys, metaKey, metaTrackedQuery } from '../api'
import { ImportNote } from '../components/ad-tables'
import { ConnectMeta } from './meta-ads-page'

/** /meta-data-tracking: the tracked ad accounts with their last import, CSV download, stop tracking. */
export function MetaDataTrackingPage() {
  const [token] = useState(metaKey)
  const tracked = useQuery(metaTrackedQuery(token))
  const client = useQueryClient()
  const toast = useToast()
  const [busy, setBusy] = useState<string | null>(null)
  const drop = useMutation({
    mutationFn: (id: string) => request(metaDisconnectAdAccount, { body: { token: token!, id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adKeys.meta }),
  })
  const download = async (id: string) => {
    setBusy(id)
    const r = await downloadFile(metaDownloadAdData, `meta-ads-${id}.csv`, undefined, undefined, {
      token,
      id,
    })
    setBusy(null)
    if (!isSuccess(r)) toast.error(r.message)
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeader
        title="Meta data tracking"
        description="Ad accounts whose insights you import, with the same columns as Google Ads."
        actions={
          <Link to="/meta-ads" className="text-sm text-accent hover:underline">
            ← Meta ads
          </Link>
        }
      />
      {!token ? (
        <Card>
          <ConnectMeta />
        </Card>
      ) : tracked.isPending ? (
        <LoadingBlock />
      ) : tracked.error ? (
        <p role="alert" className="text-sm text-danger">
          {tracked.error instanceof ApiError
            ? tracked.error.failure.message
            : 'Something went wrong. Try again!'}
        </p>
      ) : tracked.data.ad_accounts.length ? (
        <ul className="grid gap-3">
          {tracked.data.ad_accounts.map((a) => (
            <li key={a.id}>
              <Card
                title={a.name}
                description={`${a.id} · ${a.currency ?? ''}`}
                actions={
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={busy === a.id}
                      onClick={() => void download(a.id)}
                    >
                      Download CSV
                    </Button>
                    <Button
                      size="sm"
                      variant="tertiary"
                      loading={drop.isPending && drop.variables === a.id}
                      onClick={() => drop.mutate(a.id)}
                    >
                      Stop tracking
                    </Button>
                  </div>
                }
              >
                {a.last_import ? (
                  <ImportNote summary={a.last_import} />
                ) : (
                  <p className="text-sm text-muted">
                    Not imported yet: open it on the Meta ads page and import insights.
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
          No tracked ad accounts yet. Pick one on the{' '}
          <Link className="text-accent" to="/meta-ads">
            Meta ads
          </Link>{' '}
          page.
        </p>
      )}
    </div>
  )
}
