import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { DonationSettings, OverlayHealth } from '@mouthpiece/contracts/donations/donations.schemas'
import { Button } from '../../../components/ui/button'
import { Card, StatusTile } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Switch } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { healthQuery, useMuteAll, useOverlayHealthPush, useRotateOverlayKey } from '../api'
import { ago } from '../format'
import { messageOf } from './panel-state'

/** The key is a secret: shown masked until asked, so a screen share does not leak it. */
function masked(url: string): string {
  const at = url.indexOf('key=')
  return at < 0 ? url : `${url.slice(0, at + 4)}${'•'.repeat(16)}`
}

function HealthGrid({ health }: { health: OverlayHealth }) {
  const yesNo = (v: boolean | null, yes: string, no: string) =>
    v === null
      ? { value: 'Unknown', tone: 'neutral' as const }
      : v
        ? { value: yes, tone: 'success' as const }
        : { value: no, tone: 'danger' as const }
  // What a closed overlay reported last is history, not its state: shown without colour.
  const stale = (s: { value: string; tone: 'success' | 'danger' | 'neutral' }) =>
    health.online ? s : { value: s.value, tone: 'neutral' as const, detail: 'when last open' }
  const audio = stale(yesNo(health.audio_unlocked, 'Unlocked', 'Blocked'))
  const visible = stale(yesNo(health.visible, 'Visible', 'Hidden'))
  return (
    <dl aria-label="Overlay health" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <StatusTile
        label="Connection"
        value={health.online ? 'Connected' : 'Not connected'}
        tone={health.online ? 'success' : 'danger'}
        detail={`last seen ${ago(health.last_seen_at)}`}
      />
      <StatusTile
        label="Audio"
        detail={health.online && health.audio_unlocked === false ? 'click the overlay once' : undefined}
        {...audio}
      />
      <StatusTile label="Page" {...visible} />
      <StatusTile
        label="Last alert"
        value={
          health.last_failed_at && (!health.last_played_at || health.last_failed_at > health.last_played_at)
            ? 'Failed'
            : health.last_played_at
              ? 'Played'
              : 'None yet'
        }
        tone={
          health.last_failed_at && (!health.last_played_at || health.last_failed_at > health.last_played_at)
            ? 'danger'
            : health.last_played_at
              ? 'success'
              : 'neutral'
        }
        detail={health.last_played_at ? `played ${ago(health.last_played_at)}` : undefined}
      />
      {health.last_error ? (
        <p className="col-span-2 text-xs text-danger xl:col-span-4">
          Last failure ({ago(health.last_failed_at)}): {health.last_error}
        </p>
      ) : null}
    </dl>
  )
}

/** The overlay URL (copy into OBS), its health as the overlay last reported it, and mute all. */
/** A link on localhost / 127.x / ::1 opens only on the computer it was made on. */
function onlyThisComputer(url: string): boolean {
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]'
  } catch {
    return false
  }
}

export function OverlayPanel({ settings }: { settings: DonationSettings }) {
  const toast = useToast()
  const [revealed, setRevealed] = useState(false)
  const [confirmRotate, setConfirmRotate] = useState(false)
  const health = useQuery(healthQuery)
  useOverlayHealthPush()
  const rotate = useRotateOverlayKey()
  const mute = useMuteAll()

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(settings.overlay_url)
      toast.success('Overlay URL copied. Paste it into OBS as a Browser source.')
    } catch {
      setRevealed(true)
      toast.error('Could not copy. Select the URL and copy it by hand.')
    }
  }

  return (
    <Card
      id="overlay"
      title="Stream overlay"
      description="Add this URL to OBS (or Streamlabs Desktop) as a Browser source, 800 × 600 or larger. It stays transparent until an alert plays."
    >
      {!settings.alerts_allowed ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
        >
          Alerts are turned off for your account by an administrator. Contact support to turn them back on.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="overlay-url" className="sr-only">
          Overlay URL
        </label>
        <input
          id="overlay-url"
          readOnly
          value={revealed ? settings.overlay_url : masked(settings.overlay_url)}
          onFocus={(e) => revealed && e.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-lg border sm:flex-1 border-border bg-[#11141c] px-3 font-mono text-xs text-text sm:text-sm"
        />
        <div className="flex gap-2">
          <Button onClick={() => void copy()}>Copy</Button>
          <Button variant="tertiary" onClick={() => setRevealed((v) => !v)} aria-pressed={revealed}>
            {revealed ? 'Hide' : 'Show'}
          </Button>
          <Button variant="quaternary" onClick={() => setConfirmRotate(true)} loading={rotate.isPending}>
            New link
          </Button>
        </div>
      </div>
      {onlyThisComputer(settings.overlay_url) ? (
        <p
          role="note"
          data-testid="overlay-local-only"
          className="mt-3 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
        >
          This link only works on this computer. For OBS on another computer, open this page at this
          computer’s network address (its IP address instead of “{new URL(settings.overlay_url).hostname}”)
          and copy the link from there, or set PUBLIC_URL on the server.
        </p>
      ) : null}
      <p className="mt-2 text-xs text-muted">
        Keep this link private: anyone with it can show your alerts. “New link” replaces it; the old one stops
        working at once.
      </p>

      <div className="mt-6">
        <h3 className="mb-3 text-sm font-semibold text-text">Overlay health</h3>
        {health.data ? (
          <HealthGrid health={health.data} />
        ) : health.error ? (
          <p role="alert" className="text-sm text-danger">
            {messageOf(health.error) ?? 'Could not load the overlay health.'}
          </p>
        ) : (
          <p className="text-sm text-muted">Checking the overlay…</p>
        )}
      </div>

      <div className="mt-6 border-t border-border pt-5">
        <Switch
          checked={settings.mute_all}
          disabled={mute.isPending}
          onChange={(v) =>
            mute.mutate(v, {
              onError: (e) => toast.error(messageOf(e)),
              onSuccess: () => toast.success(v ? 'All alerts muted' : 'Alerts are live again'),
            })
          }
          label="Mute all alerts"
          description="Events are still recorded in your Activity Feed, but nothing plays on stream."
        />
      </div>

      <ConfirmationModal
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title="Make a new overlay link?"
        message="The current link stops working at once. You will need to paste the new one into OBS."
        confirmText="Make new link"
        cancelText="Keep current"
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setRevealed(false)
              toast.success('New overlay link ready. Copy it into OBS.')
            },
            onError: (e) => toast.error(messageOf(e)),
          })
        }
      />
    </Card>
  )
}
