import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Card, PageHeader } from '../../../components/ui/card'
import { CloseIcon } from '../../../components/ui/icons'
import { AlertPricingTable } from '../../payments'
import { settingsQuery } from '../api'
import { PROVIDER_LABELS } from '../format'
import { AccountsPanel } from '../components/accounts-panel'
import { AlertRulesPanel } from '../components/alert-rules-panel'
import { AvatarSetupsPanel } from '../components/avatar-setups-panel'
import { ModerationPanel } from '../components/moderation-panel'
import { OverlayPanel } from '../components/overlay-panel'
import { PanelState } from '../components/panel-state'
import { TestAlertsPanel } from '../components/test-alerts-panel'
import { TtsPanel } from '../components/tts-panel'

/** The OAuth round trip comes back here with ?error=403 (failed) or ?connected=<provider> (linked). */
function LinkBanner() {
  const [params, setParams] = useSearchParams()
  const error = params.get('error')
  const connected = params.get('connected')
  if (!error && !connected) return null
  const dismiss = () => {
    const next = new URLSearchParams(params)
    next.delete('error')
    next.delete('connected')
    setParams(next, { replace: true })
  }
  const ok = !error
  const name =
    connected && connected in PROVIDER_LABELS
      ? PROVIDER_LABELS[connected as keyof typeof PROVIDER_LABELS]
      : connected
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={
        ok
          ? 'mb-6 flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm text-success'
          : 'mb-6 flex items-start gap-3 rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm text-danger'
      }
    >
      <p className="flex-1">
        {ok ? (
          <>Your {name} account is connected. Alerts from it will play on your overlay.</>
        ) : (
          <>
            <strong className="font-semibold">
              We could not connect your account{error === '403' ? ' (error 403)' : ''}.
            </strong>{' '}
            The sign-in was cancelled, expired or refused. Please try connecting again.
          </>
        )}
      </p>
      <button type="button" onClick={dismiss} aria-label="Dismiss" className="opacity-80 hover:opacity-100">
        <CloseIcon size={16} />
      </button>
    </div>
  )
}

/** /donation-settings — Alert Card Settings (SPEC §2), in the donation-settings layout. */
export function DonationSettingsPage() {
  const settings = useQuery(settingsQuery)
  return (
    <div>
      <PageHeader
        title="Alert Card Settings"
        description="Spoken, avatar-animated alerts for your tips, bits, subs and Super Chats."
      />
      <LinkBanner />
      <PanelState query={settings} label="Loading your alert settings…">
        {(s) => (
          <div className="grid gap-6 2xl:grid-cols-2">
            <div className="2xl:col-span-2">
              <OverlayPanel settings={s} />
            </div>
            <TestAlertsPanel />
            <AccountsPanel selected={s.selected_platform} />
            <div className="2xl:col-span-2">
              <AvatarSetupsPanel settings={s} />
            </div>
            <TtsPanel settings={s} />
            <AlertRulesPanel settings={s} />
            <div className="2xl:col-span-2">
              <ModerationPanel settings={s} />
            </div>
            <div className="2xl:col-span-2">
              <Card
                id="pricing"
                title="Alert pricing"
                description="How many spoken alerts a month each plan includes, and what one alert costs."
              >
                <AlertPricingTable compact />
              </Card>
            </div>
          </div>
        )}
      </PanelState>
    </div>
  )
}
