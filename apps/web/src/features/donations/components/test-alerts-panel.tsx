import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { setupsQuery, useTestAnnouncement, useTestTrigger } from '../api'
import type { TestKind } from '../api'
import { messageOf } from './panel-state'

const TRIGGERS: Array<[TestKind, string]> = [
  ['bits', 'Test bits'],
  ['channel_points', 'Test channel points'],
  ['subscription', 'Test subscription'],
  ['gifted_subscription', 'Test gifted sub'],
]

/** Test triggers: each makes a real alert that goes through moderation and speech to the overlay. */
export function TestAlertsPanel() {
  const toast = useToast()
  const trigger = useTestTrigger()
  const announce = useTestAnnouncement()
  const setups = useQuery(setupsQuery)
  const [running, setRunning] = useState<TestKind | null>(null)
  const [donator, setDonator] = useState('TestTipper')
  const [amount, setAmount] = useState('5')
  const [message, setMessage] = useState('Thanks for the stream! This is a test alert.')
  const [setup, setSetup] = useState('')
  const sent = () => toast.success('Test alert sent — watch your overlay')

  return (
    <Card
      id="test-alerts"
      title="Test alerts"
      description="Send an alert to your overlay now to check sound, avatar and layout. Tests skip your type and minimum rules."
    >
      <form
        aria-label="Test alert"
        className="grid gap-3 sm:grid-cols-[1fr_7rem_2fr]"
        onSubmit={(e) => {
          e.preventDefault()
          announce.mutate(
            { donator, message, avatar_setup: setup ? Number(setup) : null, amount: Number(amount) || null },
            { onSuccess: sent },
          )
        }}
      >
        <Field label="From">
          <TextInput value={donator} maxLength={100} onChange={(e) => setDonator(e.target.value)} />
        </Field>
        <Field label="Amount ($)" hint="Empty for an announcement">
          <TextInput
            type="number"
            inputMode="decimal"
            min={0}
            max={10000}
            step="any"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label="Message">
          <TextInput value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        {setups.data?.length ? (
          <Field label="Avatar setup" className="sm:col-span-3">
            <select
              value={setup}
              onChange={(e) => setSetup(e.target.value)}
              className="h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none"
            >
              <option value="">By price tier (default)</option>
              {setups.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <div className="sm:col-span-3">
          <FormError message={messageOf(announce.error)} />
          <Button type="submit" loading={announce.isPending} className="mt-1">
            Send test alert
          </Button>
        </div>
      </form>
      <div className="mt-5 flex flex-wrap gap-2 border-t border-border pt-5">
        {TRIGGERS.map(([kind, label]) => (
          <Button
            key={kind}
            size="sm"
            variant="tertiary"
            loading={running === kind}
            onClick={() => {
              setRunning(kind)
              trigger.mutate(kind, {
                onSuccess: sent,
                onError: (e) => toast.error(messageOf(e)),
                onSettled: () => setRunning(null),
              })
            }}
          >
            {label}
          </Button>
        ))}
      </div>
    </Card>
  )
}
