import { useState } from 'react'
import type {
  AlertKind,
  AlertMinimums,
  DonationSettings,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { KIND_LABELS } from '../../overlay'
import { useEnableTypes, useUpdateSettings } from '../api'
import { messageOf } from './panel-state'

const GROUPS: Array<{ title: string; kinds: AlertKind[] }> = [
  { title: 'Tips', kinds: ['tip', 'donation'] },
  { title: 'Twitch', kinds: ['bits', 'channel_points', 'subscription', 'resub', 'gifted_subscription'] },
  {
    title: 'YouTube',
    kinds: ['superchat', 'supersticker', 'membership', 'membership_milestone', 'gifted_membership'],
  },
]

/** Which kinds of events speak, and the smallest ones that do. */
export function AlertRulesPanel({ settings }: { settings: DonationSettings }) {
  const toast = useToast()
  const types = useEnableTypes()
  const save = useUpdateSettings()
  const [enabled, setEnabled] = useState<Set<AlertKind>>(() => new Set(settings.enabled_types))
  const [min, setMin] = useState<AlertMinimums>(settings.minimums)
  const typesChanged =
    enabled.size !== settings.enabled_types.length || settings.enabled_types.some((k) => !enabled.has(k))
  const minChanged = JSON.stringify(min) !== JSON.stringify(settings.minimums)
  const flip = (kind: AlertKind) =>
    setEnabled((s) => {
      const next = new Set(s)
      if (next.has(kind)) next.delete(kind)
      else next.add(kind)
      return next
    })
  const num = (v: string) => (v === '' ? 0 : Number(v))

  return (
    <Card
      id="alert-types"
      title="Alert types and minimums"
      description="Turned-off types and events below the minimum are recorded but not spoken. Test alerts always play."
    >
      <div className="flex flex-col gap-6">
        <fieldset>
          <legend className="sr-only">Enabled alert types</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {GROUPS.map((g) => (
              <div key={g.title}>
                <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{g.title}</h3>
                <ul className="flex flex-col gap-1.5">
                  {g.kinds.map((k) => (
                    <li key={k}>
                      <label className="flex cursor-pointer items-center gap-2 text-sm text-text">
                        <input
                          type="checkbox"
                          checked={enabled.has(k)}
                          onChange={() => flip(k)}
                          className="h-4 w-4 accent-[#FF6A59]"
                        />
                        {KIND_LABELS[k]}
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <Button
            className="mt-4"
            size="sm"
            variant="secondary"
            disabled={!typesChanged}
            loading={types.isPending}
            onClick={() =>
              types.mutate([...enabled], {
                onSuccess: () => toast.success('Alert types saved'),
                onError: (e) => toast.error(messageOf(e)),
              })
            }
          >
            Save alert types
          </Button>
        </fieldset>

        <form
          className="border-t border-border pt-5"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(
              { minimums: min },
              {
                onSuccess: () => toast.success('Minimums saved'),
                onError: (err) => toast.error(messageOf(err)),
              },
            )
          }}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Minimum tip (USD)" hint="Tips, donations, Super Chats">
              <TextInput
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={min.amount_usd}
                onChange={(e) => setMin({ ...min, amount_usd: num(e.target.value) })}
              />
            </Field>
            <Field label="Minimum bits">
              <TextInput
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={min.bits}
                onChange={(e) => setMin({ ...min, bits: Math.floor(num(e.target.value)) })}
              />
            </Field>
            <Field label="Minimum channel points">
              <TextInput
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={min.channel_points}
                onChange={(e) => setMin({ ...min, channel_points: Math.floor(num(e.target.value)) })}
              />
            </Field>
          </div>
          <Button
            className="mt-4"
            size="sm"
            variant="secondary"
            type="submit"
            disabled={!minChanged}
            loading={save.isPending}
          >
            Save minimums
          </Button>
        </form>
      </div>
    </Card>
  )
}
