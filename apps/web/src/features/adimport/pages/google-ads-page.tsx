import { useState } from 'react'
import { Link } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { saveDevToken } from '@mouthpiece/contracts/adimport/google-ads.contract'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError, request } from '../../../lib/api'
import { useCurrentUser } from '../../auth'
import { startLink } from '../../donations'
import { accessibleQuery, adKeys, googleAccountQuery, linkedQuery } from '../api'

const message = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : e ? 'Something went wrong. Try again!' : null

function Manager({ id, name }: { id: string; name: string }) {
  const linked = useQuery(linkedQuery(id, true))
  return (
    <li className="rounded-xl border border-border bg-surface p-4">
      <div className="flex items-center gap-2">
        <Badge tone="accent">manager</Badge>
        <span className="font-medium text-text">{name}</span>
        <span className="font-mono text-xs text-muted">{id}</span>
      </div>
      {linked.isPending ? (
        <p className="mt-2 text-sm text-muted">Loading linked customers…</p>
      ) : message(linked.error) ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {message(linked.error)}
        </p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {linked.data?.customers.map((c) => (
            <li key={c.id}>
              <Link
                to={`/google-ads/${c.id}${c.login_customer_id ? `?via=${c.login_customer_id}` : ''}`}
                className="block rounded-lg border border-border px-3 py-2 text-sm hover:border-accent"
              >
                <span className="text-text">{c.name}</span>{' '}
                <span className="font-mono text-xs text-muted">
                  {c.id} · {c.currency}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** /google-ads: the Google link, the developer token, and the accounts it reaches (managers with their clients). */
export function GoogleAdsPage() {
  const account = useQuery(googleAccountQuery)
  const { data: user } = useCurrentUser()
  const ready = !!account.data?.google_account_id && !!account.data.dev_token_saved
  const customers = useQuery(accessibleQuery(ready))
  const [token, setToken] = useState('')
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: () => request(saveDevToken, { body: { developer_token: token } }),
    onSuccess: () => {
      setToken('')
      void client.invalidateQueries({ queryKey: adKeys.google })
    },
  })
  if (account.isPending) return <LoadingBlock />
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeader
        title="Google Ads"
        description="Import what your search ads did: campaigns, ad groups and ads by day."
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Google account" description="The same Google link your YouTube alerts use.">
          {account.data?.google_account_id ? (
            <p className="text-sm text-text">
              Linked as <strong>{account.data.google_account_name}</strong>
            </p>
          ) : (
            <Button
              onClick={() =>
                user &&
                void startLink({ provider: 'youtube' }, user.id, `${window.location.origin}/google-ads`)
              }
            >
              Link Google
            </Button>
          )}
        </Card>
        <Card title="Developer token" description="From your Google Ads API Center. Stored encrypted.">
          {account.data?.dev_token_saved ? (
            <p className="mb-3 text-sm text-success">A developer token is saved.</p>
          ) : null}
          <form
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault()
              save.mutate()
            }}
          >
            <Field label="Developer token" className="flex-1" error={message(save.error) ?? undefined}>
              <TextInput value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
            </Field>
            <Button type="submit" className="self-end" loading={save.isPending} disabled={!token}>
              Save
            </Button>
          </form>
        </Card>
      </div>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-text">Accounts</h2>
      {!ready ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
          Link Google and save a developer token to see your accounts.
        </p>
      ) : customers.isPending ? (
        <LoadingBlock label="Asking Google Ads…" />
      ) : message(customers.error) ? (
        <p role="alert" className="text-sm text-danger">
          {message(customers.error)}
        </p>
      ) : (
        <ul className="grid gap-3">
          {customers.data?.customers.map((c) =>
            c.manager ? (
              <Manager key={c.id} id={c.id} name={c.name} />
            ) : (
              <li key={c.id}>
                <Link
                  to={`/google-ads/${c.id}`}
                  className="block rounded-xl border border-border bg-surface p-4 hover:border-accent"
                >
                  {c.name} <span className="font-mono text-xs text-muted">{c.id}</span>
                </Link>
              </li>
            ),
          )}
          {customers.data?.customers.length ? null : (
            <p className="text-sm text-muted">This Google account reaches no Google Ads accounts.</p>
          )}
        </ul>
      )}
    </div>
  )
}
