import { useState } from 'react'
import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PROVIDER_ENV } from '@mouthpiece/contracts/donations/accounts.contract'
import type {
  AccountProvider,
  ConnectedAccount,
  StreamPlatform,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, Card } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { adminSessionQuery, useCurrentUser } from '../../auth'
import { accountsQuery, startLink, useSyncStreamElements, useUnlink, useUpdateSettings } from '../api'
import type { LinkTarget } from '../api'
import { PLATFORM_LABELS, PROVIDER_LABELS, dateTime } from '../format'
import { PanelState, messageOf } from './panel-state'

const PROVIDERS: Record<StreamPlatform, Array<{ provider: AccountProvider; blurb: string }>> = {
  twitch: [
    {
      provider: 'twitch',
      blurb: 'Bits, channel points, subscriptions and gifted subs, straight from Twitch.',
    },
    { provider: 'streamlabs', blurb: 'Streamlabs tips (and the Twitch events it relays).' },
    { provider: 'streamelements', blurb: 'StreamElements tips, with its own moderation.' },
  ],
  youtube: [
    {
      provider: 'youtube',
      blurb: 'Super Chats, Super Stickers, memberships and gifted memberships from your live chat.',
    },
    { provider: 'streamlabs', blurb: 'Streamlabs tips (and the YouTube events it relays).' },
    { provider: 'streamelements', blurb: 'StreamElements tips, with its own moderation.' },
  ],
}

function targetOf(platform: StreamPlatform, provider: AccountProvider): LinkTarget {
  if (provider === 'streamlabs' || provider === 'streamelements') return { provider, platform }
  return { provider }
}

const TWITCH_CLOSED =
  'Linking Twitch is turned off on Mouthpiece for now. Please try again later, or connect Streamlabs or StreamElements meanwhile.'

const STATUS_TONE = { active: 'success', error: 'danger', revoked: 'warning' } as const
const STATUS_TEXT = { active: 'Connected', error: 'Error', revoked: 'Access revoked' } as const

function AccountLine({ account }: { account: ConnectedAccount }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium text-text">{account.display_name}</span>
      <Badge tone={STATUS_TONE[account.status]}>{STATUS_TEXT[account.status]}</Badge>
      <span className="text-xs text-muted">since {dateTime(account.connected_at)}</span>
      {account.last_error ? (
        <span className="basis-full text-xs text-danger">{account.last_error}</span>
      ) : null}
    </li>
  )
}

function JwtForm({ platform, onDone }: { platform: StreamPlatform; onDone: () => void }) {
  const toast = useToast()
  const sync = useSyncStreamElements()
  const [jwtToken, setJwt] = useState('')
  const [accountId, setAccountId] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    sync.mutate(
      { platform, jwtToken, accountId },
      {
        onSuccess: (account) => {
          toast.success(`StreamElements connected as ${account.display_name}`)
          onDone()
        },
      },
    )
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Connect StreamElements with a JWT token"
      className="mt-3 flex flex-col gap-3 rounded-xl border border-border bg-[#141720] p-4"
    >
      <p className="text-xs text-muted">
        In StreamElements open Account → Channels → Show secrets, then copy your JWT token and account ID.
      </p>
      <Field label="JWT token">
        <TextInput
          type="password"
          autoComplete="off"
          value={jwtToken}
          onChange={(e) => setJwt(e.target.value)}
          placeholder="eyJhbGciOi…"
        />
      </Field>
      <Field label="Account ID">
        <TextInput
          autoComplete="off"
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
          placeholder="5f1e…"
        />
      </Field>
      <FormError message={messageOf(sync.error)} />
      <div className="flex gap-2">
        <Button type="submit" loading={sync.isPending}>
          Connect with token
        </Button>
        <Button variant="quaternary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function ProviderRow({
  platform,
  provider,
  blurb,
  accounts,
  closed,
  configured,
}: {
  platform: StreamPlatform
  provider: AccountProvider
  blurb: string
  accounts: ConnectedAccount[]
  /** Why linking is not possible right now (the admin turned it off), or undefined. */
  closed?: string
  /** This server has the service's client id and secret: its consent page can be used. */
  configured: boolean
}) {
  const admin = useQuery(adminSessionQuery).data
  const toast = useToast()
  const { data: user } = useCurrentUser()
  const unlink = useUnlink()
  const [linking, setLinking] = useState(false)
  const [jwt, setJwt] = useState(false)
  const [confirm, setConfirm] = useState(false)
  const name = PROVIDER_LABELS[provider]
  const link = async () => {
    if (!user) return
    setLinking(true)
    try {
      await startLink(
        targetOf(platform, provider),
        user.id,
        `${window.location.origin}${window.location.pathname}`,
      )
    } catch (e) {
      toast.error(messageOf(e))
      setLinking(false)
    }
  }
  return (
    <li
      className="rounded-xl border border-border bg-surface-2/40 p-4"
      aria-label={`${name} on ${PLATFORM_LABELS[platform]}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h4 className="text-sm font-semibold text-text">{name}</h4>
          <p className="mt-0.5 text-xs text-muted">{blurb}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {accounts.length ? (
            <Button variant="tertiary" size="sm" onClick={() => setConfirm(true)} loading={unlink.isPending}>
              Disconnect
            </Button>
          ) : (
            <Button
              size="sm"
              onClick={() => void link()}
              loading={linking}
              disabled={Boolean(closed) || !configured}
              aria-describedby={!configured ? `${provider}-${platform}-setup` : undefined}
            >
              Connect {name}
            </Button>
          )}
          {provider === 'streamelements' && !accounts.length && !jwt ? (
            <Button variant="quaternary" size="sm" onClick={() => setJwt(true)}>
              Use JWT token
            </Button>
          ) : null}
        </div>
      </div>
      {!configured && !accounts.length ? (
        <div
          id={`${provider}-${platform}-setup`}
          className="mt-3 rounded-lg border border-border bg-[#141720] px-3 py-2 text-xs text-muted"
        >
          <p>
            {name} is not set up on this server yet
            {provider === 'streamelements' ? ': connect with your JWT token instead.' : '.'}
          </p>
          {admin ? (
            <p className="mt-1">
              To set it up, give the server <code className="text-text">{PROVIDER_ENV[provider][0]}</code> and{' '}
              <code className="text-text">{PROVIDER_ENV[provider][1]}</code> (from the {name} developer
              console) and restart it.
            </p>
          ) : null}
        </div>
      ) : null}
      {closed && configured && !accounts.length ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-xs text-warning"
        >
          {closed}
        </p>
      ) : null}
      {accounts.length ? (
        <ul className="mt-3 flex flex-col gap-2">
          {accounts.map((a) => (
            <AccountLine key={a.id} account={a} />
          ))}
        </ul>
      ) : null}
      {jwt ? <JwtForm platform={platform} onDone={() => setJwt(false)} /> : null}
      <ConfirmationModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={`Disconnect ${name}?`}
        message={`Alerts from ${name} on ${PLATFORM_LABELS[platform]} stop until you connect it again.`}
        confirmText="Disconnect"
        cancelText="Cancel"
        destructive
        onConfirm={() =>
          unlink.mutate(
            { platform, provider },
            {
              onSuccess: () => toast.success(`${name} disconnected`),
              onError: (e) => toast.error(messageOf(e)),
            },
          )
        }
      />
    </li>
  )
}

/** Connected accounts per platform (SPEC §3: keyed by platform, each a list) and the selected platform. */
export function AccountsPanel({ selected }: { selected: StreamPlatform | null }) {
  const accounts = useQuery(accountsQuery)
  const update = useUpdateSettings()
  const toast = useToast()
  const [shown, setShown] = useState<StreamPlatform>(selected ?? 'twitch')
  const choose = (platform: StreamPlatform) => {
    setShown(platform)
    if (platform !== selected)
      update.mutate({ selected_platform: platform }, { onError: (e) => toast.error(messageOf(e)) })
  }
  return (
    <Card
      id="accounts"
      title="Connected accounts"
      description="Link where your alerts come from. You can connect several services at once."
    >
      <div
        role="radiogroup"
        aria-label="Streaming platform"
        className="mb-4 inline-flex rounded-lg border border-border bg-[#11141c] p-1"
      >
        {(['twitch', 'youtube'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={shown === p}
            onClick={() => choose(p)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
              shown === p ? 'bg-accent text-on-accent' : 'text-muted hover:text-text',
            )}
          >
            {PLATFORM_LABELS[p]}
          </button>
        ))}
      </div>
      <PanelState query={accounts} label="Loading accounts…">
        {(data) => (
          <ul className="flex flex-col gap-3">
            {PROVIDERS[shown].map(({ provider, blurb }) => (
              <ProviderRow
                key={provider}
                platform={shown}
                provider={provider}
                blurb={blurb}
                accounts={data.accounts[shown].filter((a) => a.provider === provider)}
                closed={provider === 'twitch' && !data.twitch_enabled ? TWITCH_CLOSED : undefined}
                configured={data.providers.find((p) => p.provider === provider)?.configured ?? false}
              />
            ))}
          </ul>
        )}
      </PanelState>
    </Card>
  )
}
