import { useState } from 'react'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  adminGetTwitchConnectionSetting,
  adminSetTwitchConnectionSetting,
} from '@mouthpiece/contracts/donations/twitch-setting.contract'
import type {
  TwitchConnectionSetting,
  TwitchEventSubTransport,
} from '@mouthpiece/contracts/donations/twitch-setting.contract'
import { Badge, Card, PageHeader, StatusTile } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Switch } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { request } from '../../../lib/api'
import { PanelState, messageOf } from '../components/panel-state'

const settingKey = ['admin', 'twitch-connection'] as const
/** Live clients and errors change on their own: re-read while the page is open. */
const settingQuery = queryOptions({
  queryKey: settingKey,
  queryFn: ({ signal }) => request(adminGetTwitchConnectionSetting, { signal }),
  refetchInterval: 15_000,
})

function useChangeSetting() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { enabled?: boolean; transport?: TwitchEventSubTransport }) =>
      request(adminSetTwitchConnectionSetting, { body }),
    onSuccess: (setting) => client.setQueryData(settingKey, setting),
  })
}

const TRANSPORTS: Record<TwitchEventSubTransport, { label: string; blurb: string }> = {
  websocket: {
    label: 'WebSocket',
    blurb:
      'A worker keeps one EventSub socket open per linked account. Works anywhere, no public address needed.',
  },
  webhook: {
    label: 'Webhook',
    blurb: 'Twitch posts events to this server. For hosted deployments with a public HTTPS address.',
  },
}

function StatusGrid({ setting }: { setting: TwitchConnectionSetting }) {
  const s = setting.summary
  return (
    <dl aria-label="Twitch status" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <StatusTile
        label="App credentials"
        value={s.client_configured ? 'Configured' : 'Missing'}
        tone={s.client_configured ? 'success' : 'danger'}
        detail={s.client_configured ? undefined : 'set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET'}
      />
      <StatusTile label="Linked accounts" value={String(s.linked_accounts)} />
      <StatusTile
        label="In error"
        value={String(s.accounts_in_error)}
        tone={s.accounts_in_error ? 'warning' : 'neutral'}
        detail={s.accounts_in_error ? 'their creators must link again' : undefined}
      />
      {setting.transport === 'websocket' ? (
        <StatusTile
          label="Live sockets"
          value={String(s.live_clients)}
          tone={s.live_clients ? 'success' : 'neutral'}
          detail="held open by workers now"
        />
      ) : (
        <StatusTile label="Live sockets" value="Webhook" detail="Twitch posts to this server" />
      )}
    </dl>
  )
}

function TransportPicker({
  setting,
  onPick,
  busy,
}: {
  setting: TwitchConnectionSetting
  onPick: (t: TwitchEventSubTransport) => void
  busy: boolean
}) {
  return (
    <div role="radiogroup" aria-label="EventSub transport" className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {(Object.keys(TRANSPORTS) as TwitchEventSubTransport[]).map((t) => {
        const chosen = setting.transport === t
        const blocked = t === 'webhook' && !chosen ? setting.summary.webhook_unavailable : null
        return (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={chosen}
            disabled={busy || Boolean(blocked)}
            onClick={() => !chosen && onPick(t)}
            className={cn(
              'flex flex-col items-start gap-1.5 rounded-xl border p-4 text-left transition-colors disabled:cursor-not-allowed',
              chosen
                ? 'border-accent bg-accent/10'
                : 'border-border bg-[#141720] hover:border-[#3a4152] disabled:opacity-60 disabled:hover:border-border',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-semibold text-text">
              {TRANSPORTS[t].label}
              {chosen ? <Badge tone="accent">In use</Badge> : null}
            </span>
            <span className="text-xs text-muted">{TRANSPORTS[t].blurb}</span>
            {t === 'webhook' ? (
              <span className="break-all font-mono text-[11px] text-muted">
                {setting.summary.webhook_callback}
              </span>
            ) : null}
            {blocked ? <span className="text-xs text-warning">{blocked}</span> : null}
          </button>
        )
      })}
    </div>
  )
}

/** /admin/twitch-connection — SPEC §7 "Twitch connection setting": may creators link Twitch, and how events arrive. */
export function TwitchConnectionPage() {
  const toast = useToast()
  const setting = useQuery(settingQuery)
  const change = useChangeSetting()
  const [pending, setPending] = useState<TwitchEventSubTransport | null>(null)
  const save = (body: { enabled?: boolean; transport?: TwitchEventSubTransport }, done: string) =>
    change.mutate(body, { onSuccess: () => toast.success(done), onError: (e) => toast.error(messageOf(e)) })

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Twitch connection"
        description="Whether creators may link Twitch for live alerts, and how Twitch delivers their bits, channel points and subscriptions."
      />
      <PanelState query={setting} label="Loading the Twitch connection…">
        {(data) => (
          <>
            <Card title="Status" description="What the server is set up with, and what runs right now.">
              <StatusGrid setting={data} />
            </Card>
            <Card title="Linking">
              <Switch
                checked={data.enabled}
                disabled={change.isPending}
                onChange={(enabled) =>
                  save(
                    { enabled },
                    enabled ? 'Creators can link Twitch again' : 'Twitch linking is turned off',
                  )
                }
                label="Creators may link Twitch"
                description="Off: the Connect Twitch button is disabled on every creator's alert settings. Accounts already linked keep delivering alerts."
              />
            </Card>
            <Card
              title="Event delivery"
              description="Switching moves every linked account over: to webhooks, each is subscribed to this server's callback; to WebSocket, the workers open a socket per account."
            >
              <TransportPicker setting={data} busy={change.isPending} onPick={setPending} />
            </Card>
          </>
        )}
      </PanelState>
      <ConfirmationModal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={`Switch to ${pending ? TRANSPORTS[pending].label : ''}?`}
        message={
          pending === 'webhook'
            ? "Every linked Twitch account is subscribed to this server's webhook and the workers close their sockets."
            : 'The workers open an EventSub socket for every linked Twitch account.'
        }
        confirmText="Switch"
        cancelText="Cancel"
        onConfirm={() =>
          pending && save({ transport: pending }, `Twitch events now arrive by ${TRANSPORTS[pending].label}`)
        }
      />
    </div>
  )
}
