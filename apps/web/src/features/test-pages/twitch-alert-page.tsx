import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card, PageHeader } from '../../components/ui/card'
import { Field, FormError } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { PATHS } from '../../app/paths'
import {
  settingsQuery,
  setupsQuery,
  useTestSetupAlert,
  PanelState,
  messageOf,
  TestAlertsPanel,
} from '../donations'
import { TestPagesNav, selectClass } from './test-pages-nav'

/**
 * page-for-test/twitch-alert: fire a test alert (the donations test calls) and watch it arrive on
 * your own overlay. The overlay opens in its own window, sized like a stream: it refuses to be
 * framed (frame-ancestors 'none', platform/http/security-headers.ts), as OBS never frames it.
 */
export function TwitchAlertPage() {
  const settings = useQuery(settingsQuery)
  const setups = useQuery(setupsQuery)
  const test = useTestSetupAlert()
  const toast = useToast()
  const [setup, setSetup] = useState('')
  const chosen = setup || String(setups.data?.[0]?.id ?? '')
  const last = test.data

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <TestPagesNav />
      <PageHeader
        title="Twitch alert test"
        description="Send a test alert and watch it play on your overlay below — sound, avatar and card, as your viewers will see it."
      />
      <div className="grid gap-6 xl:grid-cols-[1fr_1.2fr]">
        <div className="flex flex-col gap-6">
          <Card title="Avatar setup test" description="Plays a test tip with one of your avatar setups.">
            {setups.data?.length ? (
              <div className="grid gap-3">
                <Field label="Avatar setup">
                  <select
                    aria-label="Avatar setup to test"
                    value={chosen}
                    onChange={(e) => setSetup(e.target.value)}
                    className={selectClass}
                  >
                    {setups.data.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name} (from ${s.price})
                      </option>
                    ))}
                  </select>
                </Field>
                <FormError message={messageOf(test.error)} />
                <Button
                  loading={test.isPending}
                  onClick={() =>
                    test.mutate(Number(chosen), {
                      onSuccess: (tip) => toast.success(`Test alert #${tip.id} sent — watch your overlay`),
                    })
                  }
                >
                  Fire setup test alert
                </Button>
              </div>
            ) : (
              <div className="flex flex-col items-start gap-3 text-sm text-muted">
                <p>
                  {setups.isPending
                    ? 'Loading your avatar setups…'
                    : 'You have no avatar setups yet: the alerts below use your default avatar.'}
                </p>
                <ButtonLink to={PATHS.donationSettings} variant="secondary" size="sm">
                  Set up alerts
                </ButtonLink>
              </div>
            )}
          </Card>
          <TestAlertsPanel />
        </div>
        <Card
          title="Your overlay"
          description="The same page you add to OBS as a browser source. Open it beside this one, then fire an alert."
        >
          <PanelState query={settings} label="overlay">
            {(s) => (
              <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-xl border border-border bg-[repeating-conic-gradient(#1b1f2a_0_25%,#141720_0_50%)] bg-[length:24px_24px] p-6 text-center">
                <p className="max-w-sm text-sm text-[#c9cedb]">
                  Alerts play in the overlay window: the card, the speaking avatar and the sound, one after
                  the other.
                </p>
                <Button
                  onClick={() =>
                    window.open(s.overlay_url, 'mouthpiece-overlay', 'popup,width=960,height=540')
                  }
                >
                  Open overlay window
                </Button>
                {last ? (
                  <p className="text-sm text-muted" data-testid="last-alert">
                    Last test alert #{last.id} from {last.who}: sent
                  </p>
                ) : null}
              </div>
            )}
          </PanelState>
        </Card>
      </div>
    </div>
  )
}
